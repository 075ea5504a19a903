#include "core/record/bounded_read.h"

#include "core/error.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace arbiter::core::record {

InputFile::InputFile(const std::string& path, std::string_view expected, bool stdin_allowed)
    : path_(path), expected_(expected) {
    if (stdin_allowed && path == "-") {
        fd_ = 0;
        owned_ = false;
        return;
    }
    // O_NONBLOCK: opening a FIFO with no writer would otherwise wait forever; a regular file ignores the flag.
    fd_ = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
    if (fd_ < 0) fail({std::string("cannot open the file (") + std::strerror(errno) + ")", "ファイルを開けない"});
    struct stat st {};
    if (::fstat(fd_, &st) != 0)
        fail({std::string("cannot read the file (") + std::strerror(errno) + ")", "ファイルを読めない"});
    if (S_ISDIR(st.st_mode)) fail({"is a folder, not a file", "フォルダーで、ファイルではない"});
    if (!S_ISREG(st.st_mode))
        fail(
            {"is not a regular file (a FIFO, device or socket)", "通常のファイルではない（FIFO、デバイス、ソケット）"});
    size_ = static_cast<std::size_t>(st.st_size);
}

InputFile::~InputFile() {
    if (fd_ >= 0 && owned_) ::close(fd_);
}

void InputFile::fail(const Text& what, int line) const {
    throw InputError({path_, line, 0}, Text{what.en + "; expected " + expected_, what.ja});
}

std::size_t InputFile::read(char* out, std::size_t capacity) {
    for (;;) {
        const ssize_t n = ::read(fd_, out, capacity);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) fail({std::string("cannot read the file (") + std::strerror(errno) + ")", "ファイルを読めない"});
        return static_cast<std::size_t>(n);
    }
}

bool InputFile::read_line(std::string& line, std::size_t max_line) {
    line.clear();
    for (;;) {
        const std::size_t nl = buffer_.find('\n', used_);
        const std::size_t end = nl == std::string::npos ? buffer_.size() : nl;
        if (end - used_ + line.size() > max_line)
            fail({"line " + std::to_string(line_ + 1) + " is longer than " + std::to_string(max_line) + " bytes",
                  "長すぎる行がある（" + std::to_string(max_line) + " バイトを超える）"},
                 line_ + 1);
        line.append(buffer_, used_, end - used_);
        if (nl != std::string::npos) {
            used_ = nl + 1;
            break;
        }
        buffer_.resize(65536);
        used_ = 0;
        const std::size_t n = ended_ ? 0 : read(buffer_.data(), buffer_.size());
        buffer_.resize(n);
        if (n == 0) {
            ended_ = true;
            if (line.empty()) return false;
            break;
        }
    }
    ++line_;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    return true;
}

std::string read_regular_file(const std::string& path, std::size_t max_bytes, std::string_view expected) {
    InputFile file(path, expected);
    const Text too_large{"file larger than " + std::to_string(max_bytes) + " bytes",
                         "ファイルが " + std::to_string(max_bytes) + " バイトより大きい"};
    if (file.size() > max_bytes) file.fail(too_large);
    std::string text;
    char buffer[65536];
    while (const std::size_t n = file.read(buffer, sizeof buffer)) {
        text.append(buffer, n);
        if (text.size() > max_bytes) file.fail(too_large);  // a file that grew while being read
    }
    return text;
}

std::string read_file_head(const std::string& path, std::size_t bytes, std::size_t max_skip, std::string_view expected) {
    InputFile file(path, expected);
    std::string head;
    std::size_t skipped = 0;
    char buffer[65536];
    while (head.size() < bytes) {
        const std::size_t n = file.read(buffer, sizeof buffer);
        if (n == 0) break;
        std::size_t k = 0;
        if (head.empty())
            while (k < n && skipped < max_skip && (buffer[k] == ' ' || buffer[k] == '\t' || buffer[k] == '\r' ||
                                                   buffer[k] == '\n'))
                ++k, ++skipped;
        head.append(buffer + k, std::min(n - k, bytes - head.size()));
    }
    return head;
}

}  // namespace arbiter::core::record
