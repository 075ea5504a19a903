// The scanner of the Japanese-output tests (japanese_cli_test.cpp: timelines, events, show;
// japanese_records_cli_test.cpp: game records and audits): the ASCII words a `--lang ja` output has left.
//
// What counts as an engine word (a test fails on it): any ASCII word that starts with a lower-case letter and has
// no digit: snake_case names, topic ids, `true`/`false`, role and side ids, effect, entry and claim names, and any
// English word left in a label.
// What stays ASCII legitimately and is not flagged:
// - tokens with a digit: clock readings, article numbers (6.9, 4.4a-c, A.4), move texts (Nf3, 7g7f, d3),
//   SFEN/FEN fields;
// - the bundled rulebooks' ids (the names of rulesets/<game>/*.yaml: fide-2009, joa-othello), which the sheet's
//   footer and the compare header name;
// - capitalised words and acronyms: FIDE, JCA, JOA, SFEN, FEN, Lua, article letters such as B.3;
// - single letters: the end of an article range ("4.4a-c") and board files;
// - `rulebook_text`: words a rulebook's own Japanese text quotes (kyushu-shogi-2006's illegal-move summary refers to
//   shogi.illegal_move_pointing); they are data, printed as written (a Lua hook is named by its title);
// - lines a test names as skipped (files, places and rulebooks as written), and in HTML the markup (visible_text).
#pragma once

#include <cctype>
#include <filesystem>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace arbiter::test {

// Words the rulebooks' own Japanese text quotes (see the head of the file).
inline const std::set<std::string> rulebook_text = {"shogi.illegal_move_pointing"};

// The ids of the bundled rulebooks: the file names of rulesets/<game>/*.yaml.
inline const std::set<std::string>& rulebook_ids() {
    static const std::set<std::string> ids = [] {
        std::set<std::string> out;
        for (const auto& game : {"chess", "shogi", "othello"})
            for (const auto& e : std::filesystem::directory_iterator(std::filesystem::path(ARBITER_SOURCE_DIR) / "rulesets" / game))
                if (e.path().extension() == ".yaml") out.insert(e.path().stem().string());
        return out;
    }();
    return ids;
}

inline bool has_digit(const std::string& t) {
    for (char c : t)
        if (c >= '0' && c <= '9') return true;
    return false;
}

inline bool is_engine_word(const std::string& t) {
    if (t.size() < 2 || has_digit(t) || !(t[0] >= 'a' && t[0] <= 'z')) return false;
    return rulebook_text.count(t) == 0 && rulebook_ids().count(t) == 0;
}

// The engine words of `text` outside the lines that name files and rulebook ids ("word (line)").
inline std::vector<std::string> engine_words(const std::string& text, const std::vector<std::string>& skip_prefixes) {
    std::vector<std::string> found;
    std::istringstream lines(text);
    std::size_t number = 0;
    for (std::string line; std::getline(lines, line);) {
        ++number;
        bool skip = false;
        for (const auto& p : skip_prefixes) skip = skip || line.rfind(p, 0) == 0;
        if (skip) continue;
        std::string token;
        const auto flush = [&] {
            while (!token.empty() && (token.back() == '.' || token.back() == '-')) token.pop_back();
            while (!token.empty() && token.front() == '-') token.erase(0, 1);
            if (is_engine_word(token)) found.push_back(token + " (line " + std::to_string(number) + ": " + line + ")");
            token.clear();
        };
        for (std::size_t i = 0; i < line.size(); ++i) {
            const char c = line[i];
            if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '.' || c == '-') {
                token += c;
                continue;
            }
            flush();
        }
        flush();
    }
    return found;
}

// Markdown as read: a backslash before ASCII punctuation (core::md_escape's escapes, "claimant\\_deduction") is markup.
inline std::string markdown_text(const std::string& text) {
    std::string out;
    for (std::size_t i = 0; i < text.size(); ++i)
        if (!(text[i] == '\\' && i + 1 < text.size() && std::ispunct(static_cast<unsigned char>(text[i + 1]))))
            out += text[i];
    return out;
}

// The words a reader sees in an HTML page: the text between tags, one line per element (markup, class names, the
// style sheet and the SVG's drawing attributes are not read; an entity is one character).
inline std::string visible_text(const std::string& text) {
    std::string visible;
    bool in_tag = false, in_style = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text.compare(i, 6, "<style") == 0) in_style = true;
        if (text.compare(i, 8, "</style>") == 0) in_style = false;
        if (text[i] == '<') in_tag = true;
        if (text[i] == '&' && !in_tag && !in_style) {
            const std::size_t end = text.find(';', i);
            if (end != std::string::npos && end - i < 10) {
                visible += ' ';
                i = end;
                continue;
            }
        }
        if (!in_tag && !in_style) visible += text[i];
        if (text[i] == '>') {
            in_tag = false;
            visible += '\n';
        }
    }
    return visible;
}

}  // namespace arbiter::test
