#include "core/game_profile.h"

#include "core/error.h"
#include "core/game_def.h"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cctype>
#include <type_traits>

namespace arbiter::core {

namespace {

// Each key's file:line:column for its errors (yaml-cpp marks are 0-based).
[[noreturn]] void profile_fail(const std::string& file, const YAML::Node& node, const std::string& message) {
    SourceLocation where{file, 0, 0};
    if (node.IsDefined() && node.Mark().line >= 0) where = {file, node.Mark().line + 1, node.Mark().column + 1};
    throw InputError(where, message);
}

std::string profile_text(const std::string& file, const YAML::Node& n, const std::string& what) {
    if (!n.IsScalar()) profile_fail(file, n, what + ": expected a string");
    return n.Scalar();
}

bool profile_flag(const std::string& file, const YAML::Node& n, const std::string& what) {
    const std::string text = profile_text(file, n, what);
    if (text != "true" && text != "false") profile_fail(file, n, what + ": expected true or false");
    return text == "true";
}

std::vector<std::string> profile_texts(const std::string& file, const YAML::Node& n, const std::string& what) {
    if (!n.IsSequence()) profile_fail(file, n, what + ": expected a list");
    std::vector<std::string> out;
    for (const auto& e : n) out.push_back(profile_text(file, e, what));
    return out;
}

// The enumerator whose name (notation_name, analysis_name) is `n`'s text.
template <class E, int N>
E profile_word(const std::string& file, const YAML::Node& n, const std::string& what) {
    const std::string word = profile_text(file, n, what);
    std::string known;
    for (int i = 0; i < N; ++i) {
        const std::string_view name = [&] {
            if constexpr (std::is_same_v<E, Analysis>) return analysis_name(E(i));
            else return notation_name(E(i));
        }();
        if (name == word) return E(i);
        known += (i ? ", " : "") + std::string(name);
    }
    profile_fail(file, n, what + ": found '" + word + "'; expected one of " + known);
}

std::string lower_text(std::string s) {
    for (char& c : s) c = char(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

}  // namespace

std::string_view notation_name(MoveNotation n) {
    constexpr std::string_view names[] = {"san", "uci", "usi", "kif", "square", "relative"};
    return names[int(n)];
}

std::string_view notation_name(PositionNotation n) {
    constexpr std::string_view names[] = {"fen", "sfen", "board"};
    return names[int(n)];
}

std::string_view analysis_name(Analysis a) {
    constexpr std::string_view names[] = {"dead_position", "king_and_pawn", "impasse_count", "disc_count", "cycle_facts"};
    return names[int(a)];
}

bool GameProfile::reads_format(std::string_view format) const {
    return std::find(record_formats.begin(), record_formats.end(), format) != record_formats.end();
}

bool GameProfile::named(std::string_view name) const {
    return std::find(record_names.begin(), record_names.end(), name) != record_names.end();
}

GameProfile GameProfile::from_yaml(const YAML::Node& root, const std::string& file) {
    GameProfile p;
    if (const YAML::Node n = root["notation"]) {
        if (!n.IsMap()) profile_fail(file, n, "notation: expected a mapping with moves and position");
        if (const YAML::Node moves = n["moves"]) {
            if (!moves.IsSequence() || moves.size() == 0) profile_fail(file, moves, "notation.moves: expected a non-empty list");
            p.moves.clear();
            for (const auto& m : moves) p.moves.push_back(profile_word<MoveNotation, 6>(file, m, "notation.moves"));
        }
        if (const YAML::Node rel = n["relative"]) {
            if (!rel.IsMap()) profile_fail(file, rel, "notation.relative: expected a mapping");
            RelativeNotation& r = p.relative;
            if (const YAML::Node l = rel["letters"]; l && l.IsMap())
                for (const auto& e : l) r.letters[profile_text(file, e.first, "notation.relative.letters")] =
                    profile_text(file, e.second, "notation.relative.letters");
            if (const YAML::Node l = rel["names"]; l && l.IsMap())
                for (const auto& e : l) r.names[profile_text(file, e.first, "notation.relative.names")] =
                    profile_texts(file, e.second, "notation.relative.names");
            if (const YAML::Node l = rel["numerals"]) {
                if (!l.IsSequence() || l.size() != 2) profile_fail(file, l, "notation.relative.numerals: expected two lists");
                for (std::size_t i = 0; i < 2; ++i) r.numerals[i] = profile_texts(file, l[i], "notation.relative.numerals");
            }
            const auto words = [&](const char* key, std::vector<std::string>& out) {
                if (const YAML::Node w = rel[key]) out = profile_texts(file, w, std::string("notation.relative.") + key);
                if (out.empty()) profile_fail(file, rel, std::string("notation.relative: expected ") + key);
            };
            words("forward", r.forward), words("backward", r.backward), words("sideways", r.sideways);
            words("front", r.front), words("back", r.back);
        }
        if (const YAML::Node tr = n["traditional"]) {
            if (!tr.IsMap()) profile_fail(file, tr, "notation.traditional: expected a mapping");
            TraditionalNotation& t = p.traditional;
            t.given = true;
            const auto list = [&](const char* key) {
                if (!tr[key]) profile_fail(file, tr, std::string("notation.traditional: expected ") + key);
                return profile_texts(file, tr[key], std::string("notation.traditional.") + key);
            };
            const std::vector<std::string> marks = list("marks");
            if (marks.size() != 2) profile_fail(file, tr["marks"], "notation.traditional.marks: expected two marks, the first side's first");
            t.marks = {marks[0], marks[1]};
            t.files = list("files"), t.ranks = list("ranks");
            if (tr["straight_pieces"]) t.straight_pieces = list("straight_pieces");
            if (const YAML::Node o = tr["other_names"]) {
                if (!o.IsMap())
                    profile_fail(file, o, "notation.traditional.other_names: expected a mapping of piece names");
                for (const auto& e : o)
                    t.other_names_given.emplace_back(profile_text(file, e.first, "notation.traditional.other_names"),
                                                     profile_texts(file, e.second, "notation.traditional.other_names"));
            }
            const YAML::Node w = tr["words"];
            if (!w || !w.IsMap()) profile_fail(file, w ? w : tr, "notation.traditional.words: expected a mapping");
            const std::pair<const char*, std::string*> keys[] = {
                {"same", &t.same},   {"drop", &t.drop},   {"promote", &t.promote}, {"decline", &t.decline},
                {"up", &t.up},       {"sideways", &t.sideways}, {"down", &t.down}, {"right", &t.right},
                {"left", &t.left},   {"straight", &t.straight}};
            for (const auto& [key, out] : keys) {
                if (!w[key]) profile_fail(file, w, std::string("notation.traditional.words: expected ") + key);
                *out = profile_text(file, w[key], std::string("notation.traditional.words.") + key);
            }
        }
        if (const YAML::Node pos = n["position"]) p.position = profile_word<PositionNotation, 3>(file, pos, "notation.position");
        p.position_given = bool(n["position"]);
    }
    if (const YAML::Node r = root["records"]) {
        if (!r.IsMap()) profile_fail(file, r, "records: expected a mapping with formats and names");
        if (r["formats"]) p.record_formats = profile_texts(file, r["formats"], "records.formats");
        if (const YAML::Node names = r["names"]) {
            if (names.IsSequence() && names.size() > max_record_names)
                profile_fail(file, names, "records.names: " + std::to_string(names.size()) + " names; expected at most " +
                                              std::to_string(max_record_names) + " (the ways a record writes this game's name)");
            for (auto& name : profile_texts(file, names, "records.names")) p.record_names.push_back(lower_text(name));
        }
        if (const YAML::Node settings = r["settings"]) {
            if (!settings.IsSequence()) profile_fail(file, settings, "records.settings: expected a list");
            for (const auto& e : settings) {
                if (!e.IsMap() || !e["format"] || !e["header"] || !e["sets"])
                    profile_fail(file, e, "records.settings: expected {format, header, sets}");
                GameProfile::RecordSetting s{profile_text(file, e["format"], "records.settings.format"),
                                             profile_text(file, e["header"], "records.settings.header"),
                                             profile_text(file, e["sets"], "records.settings.sets"),
                                             {file, e.Mark().line + 1, e.Mark().column + 1}};
                // topic.param: the registry's names are checked where a record is converted (records/convert_common).
                if (s.sets.find('.') == std::string::npos || s.sets.back() == '.')
                    profile_fail(file, e["sets"], "records.settings.sets: found '" + s.sets + "'; expected topic.param");
                p.record_settings.push_back(std::move(s));
            }
        }
    }
    if (const YAML::Node a = root["analyses"]) {
        if (!a.IsSequence()) profile_fail(file, a, "analyses: expected a list");
        for (const auto& e : a) p.analyses |= std::uint8_t(1u << unsigned(profile_word<Analysis, 5>(file, e, "analyses")));
    }
    if (const YAML::Node d = root["default_rulebook"]) {
        p.default_rulebook = profile_text(file, d, "default_rulebook");
        p.default_rulebook_at = {file, d.Mark().line + 1, d.Mark().column + 1};
    }
    if (root["default_game"]) p.default_game = profile_flag(file, root["default_game"], "default_game");
    if (root["variant_of"]) {
        p.variant_of = profile_text(file, root["variant_of"], "variant_of");
        // A game that is its own variant yields to itself when a position is read (cli/game_choice.cpp).
        if (const YAML::Node g = root["game"]; g && g.IsScalar() && g.Scalar() == p.variant_of)
            profile_fail(file, root["variant_of"],
                         "variant_of: '" + p.variant_of + "' is this game; expected another game");
    }
    if (root["ruled_as"]) p.ruled_as = profile_text(file, root["ruled_as"], "ruled_as");
    if (const YAML::Node n = root["mate_threat_checks"]) {
        const std::string text = profile_text(file, n, "mate_threat_checks");
        if (text.size() != 1 || text[0] < '1' || text[0] > '5')
            profile_fail(file, n, "mate_threat_checks: expected a whole number from 1 to 5");
        p.mate_threat_checks = text[0] - '0';
    }
    if (const YAML::Node values = root["material_values"]) {
        if (!values.IsMap())
            profile_fail(file, values, "material_values: expected a mapping of pieces to whole numbers");
        for (const auto& entry : values) {
            const std::string name = profile_text(file, entry.first, "material_values");
            const std::string text = profile_text(file, entry.second, "material_values." + name);
            const auto digit = [](char c) { return c >= '0' && c <= '9'; };
            if (text.empty() || text.size() > 3 || !std::all_of(text.begin(), text.end(), digit))
                profile_fail(file, entry.second, "material_values." + name + ": expected a whole number from 0 to 999");
            p.material_values[name] = std::stoi(text);
        }
    }
    if (root["compare_rulebooks"]) p.compare_rulebooks = profile_texts(file, root["compare_rulebooks"], "compare_rulebooks");
    if (const YAML::Node names = root["names"]) {
        if (!names.IsMap()) profile_fail(file, names, "names: expected a mapping of languages to the game's name");
        for (const auto& entry : names)
            p.names[profile_text(file, entry.first, "names")] = profile_text(file, entry.second, "names");
    }
    if (const YAML::Node names = root["side_names"]) {
        if (!names.IsMap()) profile_fail(file, names, "side_names: expected a mapping of languages to two names");
        for (const auto& entry : names) {
            const std::string lang = profile_text(file, entry.first, "side_names");
            const auto two = profile_texts(file, entry.second, "side_names." + lang);
            if (two.size() != 2) profile_fail(file, entry.second, "side_names." + lang + ": expected exactly two names");
            p.side_names[lang] = {two[0], two[1]};
        }
    }
    if (const YAML::Node roles = root["roles"]) {
        if (!roles.IsMap()) profile_fail(file, roles, "roles: expected a mapping of roles to piece names");
        if (roles["pawn"]) p.pawn_role = profile_text(file, roles["pawn"], "roles.pawn");
        if (roles["never_chases"]) p.never_chases = profile_texts(file, roles["never_chases"], "roles.never_chases");
        if (roles["offers_exchange"])
            p.offers_exchange = profile_texts(file, roles["offers_exchange"], "roles.offers_exchange");
        if (const YAML::Node in = roles["never_chased_in"]) {
            if (!in.IsMap())
                profile_fail(file, in, "roles.never_chased_in: expected a mapping of pieces to regions");
            for (const auto& entry : in)
                p.never_chased_in[profile_text(file, entry.first, "roles.never_chased_in")] =
                    profile_text(file, entry.second, "roles.never_chased_in");
        }
        if (const YAML::Node by = roles["chased_even_protected_by"]) {
            if (!by.IsMap()) profile_fail(file, by, "roles.chased_even_protected_by: expected a mapping of pieces to lists");
            for (const auto& entry : by) {
                const std::string name = profile_text(file, entry.first, "roles.chased_even_protected_by");
                p.chased_even_protected_by[name] = profile_texts(file, entry.second, "roles.chased_even_protected_by." + name);
            }
        }
    }
    return p;
}

void check_profile(GameDefinition& g, const YAML::Node& root, const std::string& file) {
    GameProfile& p = g.profile;
    const auto where = [&](const char* key, const char* sub = nullptr) {
        const YAML::Node n = root[key];
        return sub && n && n.IsMap() && n[sub] ? n[sub] : n;
    };
    // The notations the core reads and writes for this game's rules: SFEN holds pieces in hand, a board string a
    // placement game, SAN a board of up to 64 squares without hands. Where the file names none, those its own keys
    // imply: a game with hands starts from an SFEN (game.schema.json hands) and a placement game from a board string.
    const bool placement = g.placement.enabled;
    if (!p.position_given)
        p.position = placement ? PositionNotation::board : g.hands ? PositionNotation::sfen : PositionNotation::fen;
    if (p.moves.empty())
        p.moves = placement                 ? std::vector{MoveNotation::square}
                  : g.hands                 ? std::vector{MoveNotation::usi, MoveNotation::kif}
                  : g.bitboard_words == 1   ? std::vector{MoveNotation::san, MoveNotation::uci}
                                            : std::vector{MoveNotation::uci};
    if ((p.position == PositionNotation::sfen) != g.hands)
        profile_fail(file, where("notation", "position"),
                     g.hands ? "notation.position: a game with hands writes its positions as sfen"
                             : "notation.position: sfen is the notation of a game with hands (hands: true)");
    if ((p.position == PositionNotation::board) != placement)
        profile_fail(file, where("notation", "position"),
                     placement ? "notation.position: a placement game writes its positions as board"
                               : "notation.position: board is the notation of a placement game (placement:)");
    for (MoveNotation m : p.moves) {
        const bool fits = m == MoveNotation::square ? placement
                          : m == MoveNotation::kif || m == MoveNotation::usi ? g.hands
                          : m == MoveNotation::uci || m == MoveNotation::relative ? !placement && !g.hands
                                                   : !placement && !g.hands && g.bitboard_words == 1;
        if (!fits)
            profile_fail(file, where("notation", "moves"),
                         "notation.moves: " + std::string(notation_name(m)) +
                             (m == MoveNotation::square ? " is the notation of a placement game"
                              : m == MoveNotation::kif || m == MoveNotation::usi ? " is the notation of a game with hands"
                              : m == MoveNotation::uci ? " is the notation of a game without hands or placement"
                                                       : " is read on boards of up to 64 squares without hands or placement"));
    }
    if (!p.pawn_role.empty()) {
        p.pawn_type = g.piece_by_name(p.pawn_role);
        if (p.pawn_type < 0) profile_fail(file, where("roles", "pawn"), "roles.pawn: no piece named '" + p.pawn_role + "'");
    }
    const auto type_of_name = [&](const std::string& name, const char* key) {
        const int t = g.piece_by_name(name);
        if (t < 0) profile_fail(file, where("roles", key), std::string("roles.") + key + ": no piece named '" + name + "'");
        return t;
    };
    for (const auto& [name, letter] : p.relative.letters) {
        const int t = g.piece_by_name(name);
        if (t < 0 || t >= max_relative_types)
            profile_fail(file, where("notation", "relative"), "notation.relative.letters: no piece named '" + name + "'");
        p.relative.letter_of[std::size_t(t)] = letter;
    }
    for (const auto& [name, glyphs] : p.relative.names) {
        const int t = g.piece_by_name(name);
        if (t < 0 || t >= max_relative_types || glyphs.size() < 2)
            profile_fail(file, where("notation", "relative"),
                         "notation.relative.names: '" + name + "' must be a piece with two names or more");
        p.relative.names_of[std::size_t(t)] = glyphs;
    }
    if (p.writes(MoveNotation::relative)) {
        const bool complete = p.relative.numerals[0].size() == 9 && p.relative.numerals[1].size() == 9 && g.files <= 9;
        if (!complete)
            profile_fail(file, where("notation", "moves"),
                         "notation.moves: relative needs notation.relative with nine numerals per side and at most nine files");
        for (int t = 0; t < int(g.pieces.size()); ++t)
            if (p.relative.letter_of[std::size_t(t)].empty() || p.relative.names_of[std::size_t(t)].empty())
                profile_fail(file, where("notation", "relative"),
                             "notation.relative: no letter or names for the piece '" + g.pieces[std::size_t(t)].name + "'");
    }
    if (p.traditional.given) {
        TraditionalNotation& t = p.traditional;
        if (int(t.files.size()) != g.files || int(t.ranks.size()) != g.ranks)
            profile_fail(file, where("notation", "traditional"), "notation.traditional: files and ranks need one numeral per file and per rank of the board");
        for (const auto& name : t.straight_pieces) {
            const int type = g.piece_by_name(name);
            if (type < 0 || type >= 32) profile_fail(file, where("notation", "traditional"), "notation.traditional.straight_pieces: no piece named '" + name + "'");
            t.straight_mask |= 1u << unsigned(type);
        }
        for (const auto& [name, names] : t.other_names_given) {
            const int type = g.piece_by_name(name);
            if (type < 0)
                profile_fail(file, where("notation", "traditional"),
                             "notation.traditional.other_names: no piece named '" + name + "'");
            for (const auto& text : names) t.other_names.emplace_back(type, text);
        }
    }
    for (const auto& name : p.offers_exchange) p.exchange_mask |= 1u << unsigned(type_of_name(name, "offers_exchange"));
    for (const auto& [name, value] : p.material_values) {
        const int t = g.piece_by_name(name);
        if (t < 0) profile_fail(file, where("material_values"), "material_values: no piece named '" + name + "'");
        p.material_value[t] = value;
    }
    for (const auto& name : p.never_chases) p.never_chases_mask |= 1u << unsigned(type_of_name(name, "never_chases"));
    for (const auto& [target, attackers] : p.chased_even_protected_by) {
        std::uint32_t& mask = p.outranking_attackers[type_of_name(target, "chased_even_protected_by")];
        for (const auto& a : attackers) mask |= 1u << unsigned(type_of_name(a, "chased_even_protected_by"));
    }
    for (const auto& [name, region] : p.never_chased_in) {
        const auto r = std::find(g.region_names.begin(), g.region_names.end(), region);
        if (r == g.region_names.end())
            profile_fail(file, where("roles", "never_chased_in"),
                         "roles.never_chased_in: no region named '" + region + "'");
        p.unchased_region[type_of_name(name, "never_chased_in")] = int(r - g.region_names.begin());
    }
    const auto needs = [&](Analysis a, bool holds, const std::string& what) {
        if (p.offers(a) && !holds)
            profile_fail(file, root["analyses"], "analyses: " + std::string(analysis_name(a)) + " needs " + what);
    };
    const bool narrow = g.bitboard_words == 1 && !g.hands && !placement && g.royal_type >= 0;
    needs(Analysis::dead_position, narrow, "a royal piece on a board of up to 64 squares without hands or placement");
    // The king-and-pawn table (core/kpk.h) is of the 8x8 board with the pawn moving as roles.pawn's piece does.
    needs(Analysis::king_and_pawn, narrow && g.files * g.ranks == 64 && g.files == g.ranks && p.pawn_type >= 0,
          "an 8 by 8 board, a royal piece and roles.pawn");
    needs(Analysis::impasse_count, g.impasse_ranks[0] != 0, "an impasse zone (impasse:)");
    needs(Analysis::disc_count, placement, "a placement game (placement:)");
    needs(Analysis::cycle_facts, !g.hands && !placement && g.royal_type >= 0 && p.position == PositionNotation::fen,
          "a royal piece on a board without hands or placement, its positions written as FEN");
}

}  // namespace arbiter::core
