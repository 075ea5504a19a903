// Record files (KIF, CSA, GGF, PGN...) are read only when they are regular files, and never past a byte limit
// (core/record/bounded_read.h): a FIFO blocked the reader, /dev/zero never ended.
#include "core/error.h"
#include "core/record/bounded_read.h"
#include "core/record/game_record.h"

#include <boost/test/unit_test.hpp>

#include <filesystem>
#include <fstream>
#include <string>
#include <sys/stat.h>
#include <unistd.h>

namespace record_hardening_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

using arbiter::InputError;
using namespace arbiter::core::record;

namespace {

std::string error_of(const std::string& path, std::size_t max_bytes = MaxInputFileBytes) {
    try {
        read_regular_file(path, max_bytes, "a record");
    } catch (const InputError& e) {
        return e.what();
    }
    return "(no error)";
}

std::filesystem::path scratch() {
    auto dir = std::filesystem::temp_directory_path() / ("arbiter-read-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    return dir;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(record_files_are_read_with_limits)

BOOST_AUTO_TEST_CASE(a_device_is_refused_before_any_read) {
    BOOST_TEST(error_of("/dev/zero") == "/dev/zero: is not a regular file (a FIFO, device or socket); expected a record");
    try {
        read_whole_file("/dev/zero");
        BOOST_FAIL("read_whole_file read a device");
    } catch (const InputError& e) {
        BOOST_TEST(std::string(e.what()).find("is not a regular file") != std::string::npos);
    }
}

// Without the fix this test does not end (open blocks); CTest's timeout fails it.
BOOST_AUTO_TEST_CASE(a_fifo_is_refused_without_blocking) {
    auto dir = scratch();
    std::string fifo = (dir / "game.kif").string();
    BOOST_REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
    std::string e = error_of(fifo);
    std::filesystem::remove_all(dir);
    BOOST_TEST(e == fifo + ": is not a regular file (a FIFO, device or socket); expected a record");
}

// 11 bytes against a limit of 10 and of 11.
BOOST_AUTO_TEST_CASE(a_file_over_the_limit_is_refused) {
    auto dir = scratch();
    std::string file = (dir / "big.csa").string();
    std::ofstream(file) << "hello world";
    std::string over = error_of(file, 10);
    std::string at = error_of(file, 11);
    std::filesystem::remove_all(dir);
    BOOST_TEST(over == file + ": file larger than 10 bytes; expected a record");
    BOOST_TEST(at == "(no error)");
}

BOOST_AUTO_TEST_CASE(a_folder_and_a_missing_file_are_named) {
    auto dir = scratch();
    std::string folder = error_of(dir.string());
    std::filesystem::remove_all(dir);
    BOOST_TEST(folder == dir.string() + ": is a folder, not a file; expected a record");
    BOOST_TEST(error_of("/no/such/file.kif") ==
               "/no/such/file.kif: cannot open the file (No such file or directory); expected a record");
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace record_hardening_test
