// Runs the built `arbiter` executable for the CLI tests: one helper instead of a popen loop per file.
#pragma once

#include <array>
#include <cstdio>
#include <filesystem>
#include <fcntl.h>
#include <fstream>
#include <string>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>
#include <utility>
#include <vector>

namespace arbiter::test {

struct CliResult {
    int exit_code = -1;  // -1 when the program died of a signal (a crash is never an exit code)
    std::string out;     // stdout, and stderr too when asked for
};

enum class Stderr { discard, merge };

// Runs a shell command and collects its standard output.
inline CliResult run_shell(const std::string& command) {
    CliResult result;
    FILE* pipe = ::popen(command.c_str(), "r");
    if (!pipe) return result;
    std::array<char, 4096> buffer;
    while (std::size_t n = std::fread(buffer.data(), 1, buffer.size(), pipe)) result.out.append(buffer.data(), n);
    const int status = ::pclose(pipe);
    result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    return result;
}

// Runs `arbiter <args>` from the project root, so relative paths in `args` name files of the source tree.
inline CliResult run_arbiter(const std::string& args, Stderr err = Stderr::discard) {
    return run_shell("cd '" ARBITER_SOURCE_DIR "' && '" ARBITER_BINARY "' " + args +
                     (err == Stderr::merge ? " 2>&1" : " 2>/dev/null"));
}

// The files a scan that starts the program once per bundled file visits: all of them, but every fourth one in the
// sanitized build, where starting the program costs ten times as much and the scans were half of the sanitized
// tests' time. The optimised build still scans every file, and tests/procedure/timeline_fixtures_test.cpp rules
// every timeline in-process under the sanitizers, so what the sample leaves out is only repeated rendering.
inline std::vector<std::string> sampled_when_sanitized(std::vector<std::string> files) {
#ifdef ARBITER_SANITIZED
    std::vector<std::string> kept;
    for (std::size_t i = 0; i < files.size(); i += 4) kept.push_back(std::move(files[i]));
    return kept;
#else
    return files;
#endif
}

// A path in the temporary folder that no other test process uses at the same time (two checkouts' suites, or the
// optimised and sanitized builds, may run side by side): the process id goes into the name.
inline std::string scratch_path(const std::string& name) {
    return (std::filesystem::temp_directory_path() / ("arbiter-" + std::to_string(::getpid()) + "-" + name)).string();
}

// A scratch folder (scratch_path(name)), made empty at construction and removed with everything in it when the
// object ends, so a test run leaves nothing in the temporary folder.
class ScratchFolder {
public:
    explicit ScratchFolder(const std::string& name) : path_(scratch_path(name)) {
        std::filesystem::remove_all(path_);
        std::filesystem::create_directories(path_);
    }
    ~ScratchFolder() {
        std::error_code ignored;
        std::filesystem::remove_all(path_, ignored);
    }
    ScratchFolder(const ScratchFolder&) = delete;
    ScratchFolder& operator=(const ScratchFolder&) = delete;
    const std::filesystem::path& path() const { return path_; }

private:
    std::filesystem::path path_;
};

// A file of its own (scratch_path(name)) holding `bytes`, removed when the object ends.
struct ScratchFile {
    std::string path;
    ScratchFile(const std::string& name, const std::string& bytes) : path(scratch_path(name)) {
        std::ofstream(path, std::ios::binary) << bytes;
    }
    ~ScratchFile() { std::remove(path.c_str()); }
    ScratchFile(const ScratchFile&) = delete;
    ScratchFile& operator=(const ScratchFile&) = delete;
};

// The peak resident memory in KiB of `arbiter <args>` run as a child (its output dropped), and its exit code.
inline std::pair<long, int> peak_kib(const std::vector<std::string>& args) {
    std::vector<std::string> all{ARBITER_BINARY};
    all.insert(all.end(), args.begin(), args.end());
    std::vector<char*> argv;
    for (auto& a : all) argv.push_back(a.data());
    argv.push_back(nullptr);
    const pid_t pid = ::fork();
    if (pid == 0) {
        const int null = ::open("/dev/null", O_WRONLY);
        ::dup2(null, 1);
        ::dup2(null, 2);
        ::execv(argv[0], argv.data());
        ::_exit(127);
    }
    int status = 0;
    rusage usage{};
    ::wait4(pid, &status, 0, &usage);
    return {usage.ru_maxrss, WIFEXITED(status) ? WEXITSTATUS(status) : -1};
}

inline bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

}  // namespace arbiter::test
