#include "cli/safe_stderr.h"

#include "report/text_table.h"

#include <iostream>
#include <mutex>
#include <string>

namespace arbiter::cli {

namespace {

std::streambuf* original_stderr = nullptr;

// Whole lines only: std::cerr flushes after every output, and a line written in pieces is checked as one.
class TerminalSafeBuffer : public std::streambuf {
public:
    // `cut`: a line over MaxStderrLine is cut in its middle (messages); else lines are kept whole (data).
    TerminalSafeBuffer(std::streambuf* out, bool cut) : out_(out), cut_(cut) {
        // A line of a message is kept without allocating: the out-of-memory message itself passes here.
        if (cut_) head_.reserve(Kept), tail_.reserve(2 * Kept);
    }
    ~TerminalSafeBuffer() override { write_line(); }

    // Writes a line left without its '\n'; whether any write to the stream below failed (a full disk, a closed
    // standard output), which the stream above is told at once and the caller once this buffer is gone.
    bool finish() {
        const std::lock_guard lock(guard_);
        write_line();
        return !failed_;
    }

protected:
    int_type overflow(int_type ch) override {
        if (traits_type::eq_int_type(ch, traits_type::eof())) return traits_type::not_eof(ch);
        const std::lock_guard lock(guard_);
        put(traits_type::to_char_type(ch));
        return failed_ ? traits_type::eof() : ch;
    }
    std::streamsize xsputn(const char* s, std::streamsize n) override {
        const std::lock_guard lock(guard_);  // two threads never change the line at once
        for (std::streamsize i = 0; i < n; ++i) put(s[i]);
        return failed_ ? 0 : n;
    }

private:
    static constexpr std::size_t Kept = MaxStderrLine / 2;

    void put(char c) {
        if (c == '\n') {
            write_line();
            if (traits_type::eq_int_type(out_->sputc('\n'), traits_type::eof())) failed_ = true;
            sync_out();
        } else if (!cut_ || head_.size() < Kept) {
            head_ += c;
        } else {
            // Past the head, only the last Kept bytes are kept (the tail holds at most twice that).
            tail_ += c;
            ++past_head_;
            if (tail_.size() >= 2 * Kept) tail_.erase(0, tail_.size() - Kept);
        }
    }

    void write_line() noexcept {
        try {
            write_safe_line();
        } catch (...) {
            // Out of memory (under a process limit): the bytes as they are safe to show, with no allocation.
            for (const std::string* part : {&head_, &tail_})
                for (const char ch : *part) {
                    const auto u = static_cast<unsigned char>(ch);
                    if (traits_type::eq_int_type(out_->sputc(u < 0x20 || u == 0x7f ? '?' : ch), traits_type::eof()))
                        failed_ = true;
                }
            sync_out();
        }
        head_.clear();
        tail_.clear();
        past_head_ = 0;
    }

    void write_safe_line() {
        std::string line = head_;
        if (past_head_ <= Kept) {
            line += tail_;
        } else {
            // Cut at a UTF-8 character's start on either side of what is left out.
            std::size_t head = line.size(), tail = tail_.size() > Kept ? tail_.size() - Kept : 0;
            std::size_t lead = head;  // the last character's first byte: dropped with it when the cut splits it
            // At most three continuation bytes belong to one character; a longer run is not UTF-8 and is cut anywhere.
            auto continuation = [](char c) { return (static_cast<unsigned char>(c) & 0xC0) == 0x80; };
            for (int back = 0; back < 3 && lead > 0 && continuation(line[lead - 1]); ++back) --lead;
            if (lead > 0) {
                const auto first = static_cast<unsigned char>(line[lead - 1]);
                const std::size_t length = first >= 0xF0 ? 4 : first >= 0xE0 ? 3 : first >= 0xC0 ? 2 : 1;
                if (lead - 1 + length > head) head = lead - 1;
            }
            for (int ahead = 0; ahead < 3 && tail < tail_.size() && continuation(tail_[tail]); ++ahead) ++tail;
            const std::size_t left_out = (line.size() - head) + (past_head_ - (tail_.size() - tail));
            line.resize(head);
            line += " [... " + std::to_string(left_out) + " bytes left out ...] ";
            line.append(tail_, tail);
        }
        if (!line.empty()) {
            const std::string safe = report::terminal_safe(line);
            const auto size = static_cast<std::streamsize>(safe.size());
            if (out_->sputn(safe.data(), size) != size) failed_ = true;
            sync_out();
        }
    }

    void sync_out() noexcept {
        if (out_->pubsync() == -1) failed_ = true;
    }

    std::mutex guard_;
    std::streambuf* out_;
    bool failed_ = false;
    bool cut_;
    std::string head_, tail_;
    std::size_t past_head_ = 0;  // bytes of the line after its head
};

}  // namespace

SafeStderr::SafeStderr()
    : original_(std::cerr.rdbuf()), filter_(std::make_unique<TerminalSafeBuffer>(original_, true)) {
    original_stderr = original_;
    std::cerr.rdbuf(filter_.get());
}

SafeStderr::~SafeStderr() {
    std::cerr.rdbuf(original_);
    filter_.reset();  // its destructor writes a last line left without '\n'
    original_stderr = nullptr;
}

TerminalSafeStdout::TerminalSafeStdout()
    : original_(std::cout.rdbuf()), filter_(std::make_unique<TerminalSafeBuffer>(original_, false)) {
    std::cout.flush();
    std::cout.rdbuf(filter_.get());
}

// Putting the buffer back clears the stream's state: a write that failed through the filter (`show > /dev/full`)
// was forgotten and the command ended with exit 0. The state is kept, and a failure of the last line added to it.
TerminalSafeStdout::~TerminalSafeStdout() {
    const bool written = static_cast<TerminalSafeBuffer*>(filter_.get())->finish();
    const auto state = std::cout.rdstate();
    std::cout.rdbuf(original_);
    std::cout.setstate(written ? state : state | std::ios::badbit);
    filter_.reset();
}

std::ostream& raw_stderr() {
    static std::ostream raw(nullptr);
    raw.rdbuf(original_stderr ? original_stderr : std::cerr.rdbuf());
    return raw;
}

}  // namespace arbiter::cli
