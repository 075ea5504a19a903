// Headless Chromium for the CLI tests that look at a page as a browser shows or prints it: one start-up line (no
// sandbox, GPU, network or first-run work; a profile of the test's own; killed by `timeout` after 90 s, so a hung
// browser fails the test instead of hanging it) and the page sizes of the PDFs it prints.
#pragma once

#include "cli/cli_run.h"

#include <boost/test/unit_test.hpp>

#include <filesystem>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

namespace arbiter::test {

inline const std::filesystem::path chromium = "/usr/bin/chromium";

// Runs Chromium on `url` with `options` (--print-to-pdf=..., --dump-dom, ...); returns what it writes, its log too.
inline std::string chromium_run(const std::filesystem::path& profile, const std::string& options,
                                const std::string& url) {
    return run_shell("timeout -k 5 90 '" + chromium.string() +
                     "' --headless --no-sandbox --disable-gpu --disable-quic --no-first-run"
                     " --disable-background-networking --disable-component-update --disable-sync"
                     " --user-data-dir='" +
                     profile.string() + "' " + options + " '" + url + "' 2>&1")
        .out;
}

// The sizes of every page of a PDF as Chromium writes them ("/MediaBox [0 0 594.96 841.92]", uncompressed).
inline std::vector<std::pair<double, double>> page_sizes(const std::string& pdf) {
    std::vector<std::pair<double, double>> sizes;
    const std::string key = "/MediaBox [";
    for (auto at = pdf.find(key); at != std::string::npos; at = pdf.find(key, at + 1)) {
        std::istringstream box(pdf.substr(at + key.size(), 64));
        double x0 = 0, y0 = 0, x1 = 0, y1 = 0;
        box >> x0 >> y0 >> x1 >> y1;
        sizes.emplace_back(x1 - x0, y1 - y0);
    }
    return sizes;
}

// True, with a message saying so, where Chromium is absent: the caller returns, a skip rather than a pass. Also in
// the sanitized build: both builds write the same pages, which the optimised build's tests show in Chromium, so only
// the writing is this build's to test.
inline bool no_chromium() {
#ifdef ARBITER_SANITIZED
    BOOST_TEST_MESSAGE("SKIPPED in the sanitized build: the optimised build's tests show its pages in Chromium");
    BOOST_TEST(true);
    return true;
#else
    if (std::filesystem::exists(chromium)) return false;
    BOOST_TEST_MESSAGE("SKIPPED: /usr/bin/chromium is absent; run scripts/setup to install Debian's chromium");
    BOOST_TEST(true);
    return true;
#endif
}

}  // namespace arbiter::test
