// `arbiter diff` from the command line: each format, both languages, the FIDE 2001/2009 topics the
// issue names (late arrival, incorrect claims, phones, both flags fallen) and exit 2 for an unknown id.
#include <boost/test/unit_test.hpp>
#include <nlohmann/json.hpp>

#include <array>
#include <cstdio>
#include <set>
#include <string>
#include <sys/wait.h>

namespace {

struct Run {
    int exit_code;
    std::string out;
};

Run diff_run(const std::string& args) {
    const std::string command = std::string("cd '") + ARBITER_SOURCE_DIR + "' && '" + ARBITER_BINARY + "' " + args + " 2>/dev/null";
    FILE* pipe = popen(command.c_str(), "r");
    BOOST_REQUIRE(pipe);
    std::string out;
    std::array<char, 4096> buf;
    while (std::size_t n = std::fread(buf.data(), 1, buf.size(), pipe)) out.append(buf.data(), n);
    const int status = pclose(pipe);
    return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, out};
}

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

}  // namespace

BOOST_AUTO_TEST_SUITE(diff_prints_every_format)

BOOST_AUTO_TEST_CASE(fide_editions_json_has_the_four_named_topics) {
    const Run r = diff_run("diff fide-2001 fide-2009 --format json");
    BOOST_TEST(r.exit_code == 0);
    std::set<std::string> topics;
    const auto j = nlohmann::json::parse(r.out);
    for (const auto& t : j["topics"]) topics.insert(t["topic"].get<std::string>());
    for (const char* t : {"clock.late_arrival", "draw.incorrect_claim", "conduct.phone", "clock.both_flags"}) {
        BOOST_TEST_INFO(t);
        BOOST_TEST(topics.count(t) == 1u);
    }
}

BOOST_AUTO_TEST_CASE(text_md_and_html) {
    const Run text = diff_run("diff fide-2001 fide-2009");
    BOOST_TEST(text.exit_code == 0);
    BOOST_TEST(has(text.out, "relation: fide-2009 extends fide-2001"));
    const Run md = diff_run("diff fide-2001 fide-2009 --format md --lang ja");
    BOOST_TEST(md.exit_code == 0);
    BOOST_TEST(has(md.out, "## conduct.phone"));
    BOOST_TEST(has(md.out, "子で変更"));
    const Run html = diff_run("diff jca-1997 fide-2001 fide-2009 --format html");
    BOOST_TEST(html.exit_code == 0);
    BOOST_TEST(html.out.rfind("<!DOCTYPE html>", 0) == 0);
    BOOST_TEST(has(html.out, "<th>jca-1997</th><th>fide-2001</th><th>fide-2009</th>"));
}

BOOST_AUTO_TEST_CASE(unknown_ids_and_a_single_id_exit_2) {
    BOOST_TEST(diff_run("diff fide-2001 fide-2010").exit_code == 2);
    BOOST_TEST(diff_run("diff fide-2001").exit_code == 2);
}

BOOST_AUTO_TEST_SUITE_END()
