#include "core/record/bounded_read.h"

#include "core/error.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace arbiter::core::record {

namespace {

// Closes the descriptor however the read ends.
struct Descriptor {
    int fd;
    ~Descriptor() {
        if (fd >= 0) ::close(fd);
    }
};

}  // namespace

std::string read_regular_file(const std::string& path, std::size_t max_bytes, std::string_view expected) {
    const std::string tail = "; expected " + std::string(expected);
    auto fail = [&](const std::string& what) { throw InputError({path, 0, 0}, what + tail); };
    // O_NONBLOCK: opening a FIFO with no writer would otherwise wait forever; a regular file ignores the flag.
    Descriptor d{::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)};
    if (d.fd < 0) fail(std::string("cannot open the file (") + std::strerror(errno) + ")");
    struct stat st {};
    if (::fstat(d.fd, &st) != 0) fail(std::string("cannot read the file (") + std::strerror(errno) + ")");
    if (S_ISDIR(st.st_mode)) fail("is a folder, not a file");
    if (!S_ISREG(st.st_mode)) fail("is not a regular file (a FIFO, device or socket)");
    const std::string too_large = "file larger than " + std::to_string(max_bytes) + " bytes";
    if (static_cast<std::uint64_t>(st.st_size) > max_bytes) fail(too_large);
    std::string text;
    char buffer[65536];
    for (;;) {
        ssize_t n = ::read(d.fd, buffer, sizeof buffer);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) fail(std::string("cannot read the file (") + std::strerror(errno) + ")");
        if (n == 0) break;
        text.append(buffer, static_cast<std::size_t>(n));
        if (text.size() > max_bytes) fail(too_large);  // a file that grew while being read
    }
    return text;
}

}  // namespace arbiter::core::record
