// Cutting an audit's input into games (audit_games.h). PGN: a game ends where a tag line ("[" at the start of a line,
// outside a {comment}) follows movetext or an empty line after tags, which is where every PGN writer starts the next
// game.
#include "records/audit_games.h"

#include "core/record/bounded_read.h"

#include <bit>
#include <cstring>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace arbiter::procedure::audit {

namespace {

// How many decompressed bytes are asked for at a time: enough for several typical games per read.
constexpr std::size_t ReadBlock = std::size_t{256} << 10;

bool space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

// Whether a text (a line with its '\n', or a game's) holds only white space.
bool blank(std::string_view text) {
    for (char c : text)
        if (!space(c)) return false;
    return true;
}

char first_char(std::string_view line) {
    for (char c : line)
        if (c != ' ' && c != '\t') return c;
    return '\0';
}

// One line of the stream, as scan_line finds it.
struct Line {
    std::size_t size = 0;  // its bytes, its '\n' included; all the text given when it has none
    bool complete = false; // it ends with a '\n'
    int depth = 0;         // open {comments} at its end
    bool result = false;   // its last token outside comments is a termination marker (PGN 8.2.6)
};

// Finds where the line at the start of `text` ends and, in the same pass, follows its {comments}, `depth` being those
// open at its start (a '{' inside a comment counts too, and a '}' outside any is text), up to a ';' outside comments,
// which comments out the rest of the line; and whether its last token outside comments is a termination marker.
// Only the '\n', '{', '}' and ';' are visited: where the platform has SSE2 (every x86-64), sixteen bytes are compared
// at once, a bit per byte, and only the set bits looked at (one pass, without a memchr for the '\n' before it). A
// stretch outside comments holds no '{' or ';' (either ends it), so its
// tokens are runs of characters other than white space: where each stretch's last token ends is found backwards from
// the stretch's end, and the last of them is read once.
Line scan_line(std::string_view text, int depth) {
    Line line{text.size(), false, depth, false};
    std::size_t stretch = 0;  // where the stretch outside comments began (while depth is 0)
    std::size_t token_end = 0, token_stretch = 0;  // the last token found: its end (0: none yet) and its stretch
    std::size_t stop = std::string_view::npos;  // a ';' outside comments
    const auto end_stretch = [&](std::size_t end) {
        while (end > stretch && space(text[end - 1])) --end;
        if (end > stretch) {
            token_end = end;
            token_stretch = stretch;
        }
    };
    // Takes the special byte at i; false at the line's end.
    const auto visit = [&](std::size_t i) {
        const char c = text[i];
        if (c == '\n') {
            line.size = i + 1;
            line.complete = true;
            return false;
        }
        if (stop != std::string_view::npos) return true;
        if (c == '{') {
            if (line.depth == 0) end_stretch(i);
            ++line.depth;
        } else if (c == '}') {
            if (line.depth > 0 && --line.depth == 0) stretch = i + 1;
        } else if (line.depth == 0) {
            stop = i;
        }
        return true;
    };
    std::size_t base = 0;
    bool open = true;
#if defined(__SSE2__)
    const __m128i newline = _mm_set1_epi8('\n'), brace_open = _mm_set1_epi8('{'), brace_close = _mm_set1_epi8('}'),
                  semicolon = _mm_set1_epi8(';');
    for (; open && base + 16 <= text.size(); base += 16) {
        const __m128i bytes = _mm_loadu_si128(reinterpret_cast<const __m128i*>(text.data() + base));
        const __m128i hits =
            _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(bytes, newline), _mm_cmpeq_epi8(bytes, semicolon)),
                         _mm_or_si128(_mm_cmpeq_epi8(bytes, brace_open), _mm_cmpeq_epi8(bytes, brace_close)));
        for (unsigned mask = unsigned(_mm_movemask_epi8(hits)); open && mask != 0; mask &= mask - 1)
            open = visit(base + std::size_t(std::countr_zero(mask)));
    }
#endif
    for (; open && base < text.size(); ++base) {
        const char c = text[base];
        if (c == '\n' || c == '{' || c == '}' || c == ';') open = visit(base);
    }
    if (line.depth == 0) end_stretch(std::min(stop, line.size));
    std::size_t start = token_end;
    while (start > token_stretch && !space(text[start - 1])) --start;
    const std::string_view last = text.substr(start, token_end - start);
    line.result = last == "1-0" || last == "0-1" || last == "1/2-1/2" || last == "*";
    return line;
}

}  // namespace

struct GameStream::Reader {
    std::string file;
    std::unique_ptr<ByteSource> source;
    // Every format but PGN: the whole file's games, handed out one at a time.
    std::shared_ptr<const RecordFile> record;
    int next_index = 1;
    // PGN: the unread text is buf[begin, size), and buf[begin] starts line `line` of the file. Used text is only
    // moved out of the buffer when more is read, so a game costs one copy, not a shift of the whole buffer.
    std::string buf;
    std::size_t begin = 0;
    bool eof = false;
    std::size_t scan = 0;   // how far buf has been looked at (always the start of a line unless `midline`)
    int scanned_lines = 0;  // lines in buf[begin, scan)
    int line = 1;
    int depth = 0;          // open {comments} at `scan`
    bool movetext = false;  // the current game has text other than tags and escape lines
    bool tags = false;      // the current game has a tag line
    bool gap = false;       // an empty line followed the current game's tags
    bool ended = false;     // the last line with movetext ended with a termination marker
    bool skipping = false;  // a game too large was reported: its text is dropped up to the next game
    bool midline = false;   // part of an overlong line was dropped while skipping: `scan` is inside a line
    std::size_t unended = 0;  // the line at `scan` was found incomplete: its first `unended` bytes hold no '\n'
    int number = 0;         // PGN games started so far
    bool stopped = false;   // a game too large was refused in a compressed file: nothing more is read

    bool fill() {
        if (eof) return false;
        if (begin > 0) {
            buf.erase(0, begin);
            scan -= begin;
            begin = 0;
        }
        const std::size_t old = buf.size();
        buf.resize(old + ReadBlock);
        const std::size_t n = source->read(buf.data() + old, ReadBlock);
        buf.resize(old + n);
        if (n == 0) eof = true;
        return n > 0;
    }

    // Marks buf[begin, end), which holds the `scanned_lines` lines looked at so far, as used.
    void drop(std::size_t end) {
        begin = end;
        line += scanned_lines;
        scanned_lines = 0;
    }

    // Looks at the complete lines after `scan`; the offset of the next game's first line, or npos. A game ends where
    // a tag line follows movetext, or where any text follows a line whose movetext ends with a termination marker
    // (1-0, 0-1, 1/2-1/2, *: PGN 8.2.6), which is how games without tags follow one another.
    std::size_t find_boundary() {
        while (scan < buf.size()) {
            // An incomplete line waits for more bytes. A line already found incomplete is looked at again only once
            // its '\n' has come (a line of megabytes is not followed through its braces once a block).
            if (unended > 0 && !std::memchr(buf.data() + scan + unended, '\n', buf.size() - scan - unended) && !eof) {
                unended = buf.size() - scan;
                return std::string::npos;
            }
            const Line l = scan_line(std::string_view(buf).substr(scan), depth);
            if (!l.complete && !eof) {
                unended = buf.size() - scan;
                return std::string::npos;
            }
            unended = 0;
            const std::string_view text(buf.data() + scan, l.size);
            const char first = midline ? '\0' : first_char(text);
            const bool tag_line = depth == 0 && first == '[';
            // Tags after an empty line that follows tags start another game too: the one before has no movetext
            // (a forfeit, a game never played, as archives of pairings write them).
            if ((tag_line && (movetext || gap)) || (ended && !blank(text))) return scan;
            // An escape line (PGN 6) is no game's text: a file of them alone holds no game.
            if (!blank(text) && !tag_line && first != '%') movetext = true;
            if (tag_line) tags = true;
            else if (tags && depth == 0 && blank(text)) gap = true;
            if (!tag_line && first != '%' && first != ';') {  // tag values, escape and comment lines hold no braces
                depth = l.depth;
                if (!blank(text) && depth == 0) ended = l.result;
            }
            midline = false;
            scan += l.size;
            ++scanned_lines;
        }
        return std::string::npos;
    }

    // The next PGN game's text, or false at the end of the file.
    bool next_pgn(GameTask& task) {
        if (stopped) return false;
        for (;;) {
            const std::size_t boundary = find_boundary();
            if (boundary != std::string::npos || (eof && scan >= buf.size())) {
                const std::size_t end = boundary != std::string::npos ? boundary : buf.size();
                const std::string_view text = std::string_view(buf).substr(begin, end - begin);
                const bool game = !skipping && (movetext || tags);
                if (game) {
                    ++number;
                    task.file = file;
                    task.index = number;
                    task.first_line = line;
                    task.pgn.assign(text);
                }
                drop(end);
                depth = 0;
                movetext = false;
                tags = false;
                gap = false;
                ended = false;
                skipping = false;
                if (game) return true;
                if (boundary == std::string::npos) return false;
                continue;
            }
            if (skipping) {
                drop(scan);
                if (buf.size() - scan > ReadBlock) {  // one endless line (binary data): drop it as it comes
                    begin = scan = buf.size();
                    midline = true;
                    unended = 0;
                }
            } else if (buf.size() - begin > MaxPgnGameBytes) {
                ++number;
                task.file = file;
                task.index = number;
                task.first_line = line;
                // A compressed file is not read on past the refusal: its skipped text costs decompressing, and a
                // bomb (gzip of spaces) would be inflated to its end for nothing.
                const Compression packed = source->compression();
                task.error.emplace(SourceLocation{file, line, 1},
                                   "game " + std::to_string(number) + ": more than " +
                                       std::to_string(MaxPgnGameBytes >> 20) +
                                       " MiB of text before the next game's tags; expected a PGN game (is this a game "
                                       "record at all?)" +
                                       (packed == Compression::none
                                            ? std::string()
                                            : "; the rest of this " + std::string(compression_name(packed)) +
                                                  " file is not read"));
                skipping = true;
                stopped = packed != Compression::none;
                return true;
            }
            fill();
        }
    }
};

GameStream::GameStream(std::vector<std::string> files) : files_(std::move(files)) {}
GameStream::~GameStream() = default;

const std::string& GameStream::current_file() const { return current_; }

// Opens the next file and, for every format but PGN, reads its games; an unreadable file yields a task with its error.
bool GameStream::open_next(GameTask& task) {
    reader_.reset();
    if (next_file_ >= files_.size()) {
        current_.clear();
        return false;
    }
    const std::string& file = files_[next_file_++];
    current_ = file;
    auto reader = std::make_unique<Reader>();
    reader->file = file;
    try {
        reader->source = ByteSource::open(file);
        while (reader->buf.size() < 4096 && reader->fill()) {
        }
        const std::string inner = without_compression_extension(file);
        const RecordFormat format = detect_record_format(inner, reader->buf);
        if (format == RecordFormat::none)
            throw InputError(
                {file, 0, 0},
                Text{"not a game record (PGN, KIF, CSA, GGF, othello transcript, WTHOR .wtb; plain, .gz or "
                     ".zst)",
                     "読める棋譜ではない（PGN、KIF、CSA、GGF、オセロの棋譜テキスト、WTHOR .wtb。無圧縮、.gz、.zst）"});
        if (format != RecordFormat::pgn) {
            std::string bytes = std::move(reader->buf);
            bytes += read_all(*reader->source, file, core::record::MaxInputFileBytes - bytes.size());
            reader->record = std::make_shared<const RecordFile>(RecordFile::read_owned(std::move(bytes), file, format));
            reader->source.reset();
        } else if (reader->buf.compare(0, 3, "\xEF\xBB\xBF") == 0) {
            reader->begin = reader->scan = 3;  // a byte order mark is no part of the first game
        }
    } catch (const InputError& e) {
        task.file = file;
        task.index = 0;
        task.error.emplace(e);
        return true;
    }
    reader_ = std::move(reader);
    return true;
}

bool GameStream::next(GameTask& task) {
    task = GameTask{};
    for (;;) {
        if (!reader_) {
            if (!open_next(task)) return false;
            if (task.error) return true;
        }
        Reader& r = *reader_;
        try {
            if (r.record) {
                if (r.next_index <= r.record->games()) {
                    task.file = r.file;
                    task.index = r.next_index++;
                    task.record = r.record;
                    return true;
                }
            } else if (r.next_pgn(task)) {
                return true;
            } else if (r.number == 0) {
                // As RecordFile refuses a file of any other format without a game (and `run` this one): an empty
                // or blank PGN named for an audit was "0 games read" with exit 0, as if it had been audited.
                task = GameTask{};
                task.file = r.file;
                task.error.emplace(SourceLocation{r.file, 0, 0},
                                   Text{"no game in this pgn file", "この PGN のファイルに対局がない"});
                reader_.reset();
                return true;
            }
        } catch (const InputError& e) {
            // Damaged compressed data: the games before it stand; the rest of the file is one rejected read.
            task = GameTask{};
            task.file = r.file;
            task.index = r.number + 1;
            task.error.emplace(e);
            reader_.reset();
            return true;
        }
        reader_.reset();
    }
}

}  // namespace arbiter::procedure::audit
