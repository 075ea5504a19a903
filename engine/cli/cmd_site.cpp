// arbiter site DIR: every rulebook, its diff against the rulebook it extends and the comparisons asked for, as a
// static site of linked HTML pages in English and Japanese, searchable without a server (report/site.h).
#include "cli/command.h"
#include "procedure/procedure.h"
#include "report/site.h"
#include "rulebook/game_loader.h"
#include "rulebook/paths.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <cerrno>
#include <cstring>
#include <sys/stat.h>
#include <fcntl.h>
#include <unistd.h>
#include <iostream>
#include <memory>
#include <ostream>
#include <set>
#include <streambuf>

namespace arbiter::cli {

namespace {

// The rulebooks a timeline is ruled under, as `compare` without --rulebooks: its game file's compare_rulebooks,
// else every rulebook of its game (its event's rulebook tells the game).
std::vector<const rulebook::Rulebook*> editions(const procedure::Timeline& timeline, const rulebook::Library& library) {
    std::vector<const rulebook::Rulebook*> out;
    const rulebook::Rulebook* own = library.find(timeline.event.rulebook);
    if (!own) return out;
    for (const std::string& id : rulebook::game_profile(own->game, library.folder_of_game(own->game)).compare_rulebooks)
        if (const rulebook::Rulebook* book = library.find(id)) out.push_back(book);
    if (out.empty())
        for (const rulebook::Rulebook* book : library.rulebooks())
            if (book->game == own->game) out.push_back(book);
    return out;
}

// The page name of a --compare timeline: its file's stem, with the ASCII bytes a link would read as something else
// ('#', '?', '%', '/', quotes, spaces...) as '_', and a number added where two timelines (a/same.yaml, b/same.yaml)
// would otherwise write the same page, the second over the first.
std::string page_name(const std::string& file, std::vector<std::string>& taken) {
    std::string name = std::filesystem::path(file).stem().string();
    for (char& c : name) {
        const auto u = static_cast<unsigned char>(c);
        if (u < 0x80 && !std::isalnum(u) && c != '-' && c != '_' && c != '.') c = '_';
    }
    if (name.empty() || name.front() == '.') name.insert(0, "_");
    std::string unique = name;
    for (int n = 2; std::find(taken.begin(), taken.end(), unique) != taken.end(); ++n)
        unique = name + "-" + std::to_string(n);
    taken.push_back(unique);
    return unique;
}

// A page's bytes go to its file as they are made, through a buffer of 64 KiB: a comparison's page is never whole.
class FileBuffer : public std::streambuf {
public:
    explicit FileBuffer(int fd) : fd_(fd) { setp(buffer_, buffer_ + sizeof buffer_); }
    bool failed() const { return failed_; }

protected:
    int_type overflow(int_type c) override {
        if (!drain()) return traits_type::eof();
        if (!traits_type::eq_int_type(c, traits_type::eof())) {
            *pptr() = traits_type::to_char_type(c);
            pbump(1);
        }
        return traits_type::not_eof(c);
    }
    int sync() override { return drain() ? 0 : -1; }

private:
    bool drain() {
        for (char* at = pbase(); !failed_ && at < pptr();) {
            const ssize_t n = ::write(fd_, at, std::size_t(pptr() - at));
            if (n < 0 && errno == EINTR) continue;
            failed_ = n <= 0;
            at += failed_ ? 0 : n;
        }
        setp(buffer_, buffer_ + sizeof buffer_);
        return !failed_;
    }
    int fd_;
    bool failed_ = false;
    char buffer_[1 << 16];
};

struct NotWritten {
    std::string path;
    std::string why;
};

// A page is written as a new file of the folder, never through what stands at its name: a symlink planted there
// (index.html -> a file elsewhere) had the page overwrite its target. Nor into what is not a regular file: opened
// without O_NONBLOCK, a FIFO at a page's name blocked the command for ever, waiting for a reader.
void write_page(const std::filesystem::path& path, const std::function<void(std::ostream&)>& write) {
    std::error_code ignored;
    if (std::filesystem::is_symlink(std::filesystem::symlink_status(path, ignored)))
        std::filesystem::remove(path, ignored);
    const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK, 0644);
    std::string why = fd < 0 ? std::strerror(errno) : "";
    struct stat st {};
    const bool regular = fd >= 0 ? ::fstat(fd, &st) == 0 && S_ISREG(st.st_mode)
                                 : ::stat(path.c_str(), &st) != 0 || S_ISREG(st.st_mode);
    if (!regular)
        why = "something other than a regular file stands at its name";
    if (!why.empty()) {
        if (fd >= 0) ::close(fd);
        throw NotWritten{path.string(), why};
    }
    FileBuffer buffer(fd);
    std::ostream out(&buffer);
    try {
        write(out);
    } catch (...) {  // the page could not be made (out of memory): its file is closed before the error goes on
        ::close(fd);
        throw;
    }
    out.flush();
    const bool closed = ::close(fd) == 0;
    if (buffer.failed() || !out || !closed) throw NotWritten{path.string(), std::strerror(errno)};
}

}  // namespace

Command site_command() {
    return {"site", "Write a static site of every rulebook, its changes and comparisons, in English and Japanese",
            "arbiter site DIR [--compare TIMELINE ...]: writes into DIR (created if missing) one page per\n"
            "rulebook (bundled and --rulesets) with every rule article by article, the diff of each rulebook\n"
            "against the rulebook it extends, one page per TIMELINE ruled under its game's editions (as\n"
            "`arbiter compare` without --rulebooks), all linked both ways, each in English (.html) and Japanese\n"
            "(.ja.html), with a search page that reads an index written into the site (search-index.js): open\n"
            "DIR/index.html in a browser, no server needed, no external assets. Pages print on A4. Exit 0;\n"
            "2 for a timeline or a rulebook that cannot be read (nothing is written) or a folder that cannot be written.",
            [](CLI::App& app, const GlobalOptions& global) {
                auto dir = std::make_shared<std::string>();
                auto timelines = std::make_shared<std::vector<std::string>>();
                app.add_option("DIR", *dir, "Folder to write the site into")->required()->check(NonEmpty);
                app.add_option("--compare", *timelines, "Timeline to compare under its game's editions (repeatable)")
                    ->type_name("TIMELINE")
                    ->allow_extra_args(false);
                return std::function<int()>([&global, dir, timelines] {
                    const auto library = rulebook::Library::open(rulebook::rulesets_dir(global.rulesets_dir));
                    // A rulebook of the folders that does not load is refused as `list` refuses it: the site was
                    // written without it, exit 0 and not a word, so a broken user rulebook went missing unnoticed.
                    for (const InputError& problem : library.problems()) std::cerr << problem.what() << '\n';
                    if (!library.problems().empty()) return 2;
                    procedure::Runner runner(library);
                    std::vector<std::unique_ptr<procedure::Timeline>> loaded;
                    std::vector<report::SiteComparison> comparisons;
                    std::vector<std::string> names;
                    for (const std::string& file : *timelines) {
                        auto timeline = std::make_unique<procedure::Timeline>(procedure::load_timeline(file, library));
                        report::SiteComparison c;
                        c.name = page_name(file, names);
                        for (const rulebook::Rulebook* book : editions(*timeline, library)) {
                            const auto ruled = procedure::load_timeline(file, library, book->id);
                            c.runs.push_back(runner.run(ruled, *book));
                        }
                        if (c.runs.empty()) {
                            std::cerr << "arbiter: site: " << file << ": its rulebook '" << timeline->event.rulebook
                                      << "' is not in the library\n";
                            return 2;
                        }
                        c.timeline = timeline.get();
                        loaded.push_back(std::move(timeline));
                        comparisons.push_back(std::move(c));
                    }
                    std::error_code error;
                    std::filesystem::create_directories(*dir, error);
                    std::set<std::string> written;
                    try {
                        report::write_site(library, comparisons, [&](const std::string& name, const auto& write) {
                            write_page(std::filesystem::path(*dir) / name, write);
                            written.insert(name);
                        });
                    } catch (const NotWritten& failed) {
                        std::cerr << "arbiter: site: cannot write " << failed.path << " (" << failed.why
                                  << "); expected a folder where the site's files can be written\n";
                        return 2;
                    }
                    std::cerr << "arbiter: site: wrote " << written.size() << " files into " << *dir << '\n';
                    return 0;
                });
            }};
}

}  // namespace arbiter::cli
