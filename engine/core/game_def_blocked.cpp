// The movement words that the plain leap and ride tables cannot hold, read and compiled for GameDefinition:
// regions of the board (`board.regions`) that confine a piece (`confined`) or give it more leaps (`when_in`), leaps
// blocked by a piece on a square of their path (`lame_leap`), rides that pass exactly one piece (`hop`, with the pieces
// it may not pass over, `hops_not_over`, and those a piece never captures, `never_captures`), movement that stays in a
// region (`within`), royal pieces that may not face each other on an open line (`royals_may_not_face`) or must be
// parted once they do (`royals_facing_must_break`) and passing (`pass`, `end.passes_in_a_row`,
// `end.pass_while_facing`). Nothing about one game is written here; the xiangqi family says it in its game
// files (rulesets/games/xiangqi.yaml, janggi.yaml...).
#include "core/game_def.h"
#include "core/game_def_reader.h"

#include <algorithm>
#include <cstdlib>
#include <set>
#include <string>
#include <utility>

namespace arbiter::core {

namespace {

int sign_of(int v) {
    return (v > 0) - (v < 0);
}

// The leg of a lame leap: the first square of its path, one step towards the target along the longer of its two
// legs, or diagonally when both are equal (a knight's [1, 2] is blocked on [0, 1], a [2, 2] leap on [1, 1]).
Vector leg_of(const Vector& v) {
    const int ax = std::abs(v.dx), ay = std::abs(v.dy);
    return Vector{ax >= ay ? sign_of(v.dx) : 0, ay >= ax ? sign_of(v.dy) : 0, 1, v.mode};
}

// Every square a lame leap passes, each of which blocks it: the leg, then diagonally outwards while both legs have
// some way left, then straight on ([1, 2]: [0, 1]; [2, 3], janggi's elephant: [0, 1] and [1, 2]).
std::vector<Vector> path_of(const Vector& v) {
    std::vector<Vector> out;
    for (Vector s = leg_of(v); s.dx != v.dx || s.dy != v.dy; s.dx += sign_of(v.dx - s.dx), s.dy += sign_of(v.dy - s.dy))
        out.push_back(s);
    return out;
}

Vector read_vector(const YAML::Node& v, MoveMode mode, int range, const std::string& what,
                   const GameDefinitionReader& r) {
    if (!v.IsSequence() || v.size() != 2) r.fail(v, what + ": expected [dx, dy]");
    Vector vec{r.step(v[0], what.c_str(), true), r.step(v[1], what.c_str(), false), range, mode};
    if (vec.dx == 0 && vec.dy == 0) r.fail(v, what + ": a vector must not be [0, 0]");
    return vec;
}

}  // namespace

void read_regions(GameDefinition& g, const YAML::Node& board, const GameDefinitionReader& r) {
    const YAML::Node regions = board["regions"];
    if (!regions) return;
    if (!regions.IsMap()) r.fail(regions, "board.regions: expected a mapping of region names");
    if (regions.size() > 16) r.fail(regions, "board.regions: at most 16 regions");
    auto names = [&](const YAML::Node& n, const std::vector<std::string>& all, const char* what) {
        std::vector<bool> in(all.size(), !n);
        if (!n) return in;
        for (const std::string& name : r.strings(n, what)) {
            auto it = std::find(all.begin(), all.end(), name);
            if (it == all.end()) r.fail(n, std::string(what) + ": unknown name '" + name + "'");
            in[std::size_t(it - all.begin())] = true;
        }
        return in;
    };
    for (const auto& entry : regions) {
        const std::string name = r.text(entry.first, "board.regions");
        const YAML::Node& def = entry.second;
        if (!def.IsMap()) r.fail(def, "board.regions." + name + ": expected {files, ranks} or {squares}");
        const std::vector<bool> files = names(def["files"], g.file_names, "board.regions.files");
        const std::vector<bool> ranks = names(def["ranks"], g.rank_names, "board.regions.ranks");
        // Or the region's squares one by one (janggi's palace lines: the corners and centres of both palaces).
        std::vector<bool> listed(std::size_t(g.squares), !def["squares"]);
        if (const YAML::Node n = def["squares"]) {
            if (def["files"] || def["ranks"]) r.fail(n, "board.regions." + name + ": squares, or files and ranks");
            for (const std::string& s : r.strings(n, "board.regions.squares")) {
                int len = 0;
                const int sq = g.parse_square(s, &len);
                if (sq < 0 || len != int(s.size())) r.fail(n, "board.regions.squares: unknown square '" + s + "'");
                listed[std::size_t(sq)] = true;
            }
        }
        g.region_names.push_back(name);
        for (int c = 0; c < 2; ++c) g.region_squares[c].emplace_back(std::size_t(g.squares), false);
        for (int sq = 0; sq < g.squares; ++sq) {
            if (!files[std::size_t(g.file_of(sq))] || !ranks[std::size_t(g.rank_of(sq))] || !listed[std::size_t(sq)])
                continue;
            g.region_squares[0].back()[std::size_t(sq)] = true;
            g.region_squares[1].back()[std::size_t(g.square(g.file_of(sq), g.ranks - 1 - g.rank_of(sq)))] = true;
        }
    }
}

void read_blocked_movement(PieceType& p, const YAML::Node& block, MoveMode mode, const char* prefix,
                           const GameDefinitionReader& r) {
    auto list = [&](const char* key, std::vector<Vector>& out, int range) {
        const YAML::Node n = block[key];
        if (!n) return;
        const std::string what = std::string(prefix) + key;
        if (!n.IsSequence()) r.fail(n, what + ": expected a list of [dx, dy] vectors");
        for (const YAML::Node& v : n) {
            Vector vec = read_vector(v, mode, range, what, r);
            if (range == 1) {
                const Vector leg = leg_of(vec);
                if (leg.dx == vec.dx && leg.dy == vec.dy)
                    r.fail(v, what + ": a lame leap needs a square between (one step has none)");
            }
            out.push_back(vec);
        }
    };
    list("lame_leap", p.lame_leaps, 1);
    list("hop", p.hops, 0);
}

void read_region_movement(const GameDefinition& g, PieceType& p, const YAML::Node& piece,
                          const GameDefinitionReader& r) {
    auto region = [&](const YAML::Node& n, const char* what) {
        const std::string name = r.text(n, what);
        auto it = std::find(g.region_names.begin(), g.region_names.end(), name);
        if (it == g.region_names.end())
            r.fail(n, std::string(what) + ": unknown region '" + name + "' (board.regions)");
        return int(it - g.region_names.begin());
    };
    if (const YAML::Node n = piece["confined"]) {
        p.confined = region(n, "confined");
        const bool rides = !p.hops.empty() || std::any_of(p.vectors.begin(), p.vectors.end(),
                                                          [](const Vector& v) { return v.range != 1; });
        if (rides) r.fail(n, "confined: supported for pieces that only leap (no ride or hop)");
    }
    if (const YAML::Node n = piece["within"]) {
        if (!n.IsMap()) r.fail(n, "within: expected a mapping of region names to movement");
        for (const auto& entry : n) {
            const int at = region(entry.first, "within");
            const YAML::Node& block = entry.second;
            if (!block.IsMap() || block.size() == 0) r.fail(block, "within: expected {leap, ride, hop}");
            for (const auto& word : block) {
                const std::string key = r.text(word.first, "within");
                std::vector<Vector>* out = key == "leap" ? &p.within_leaps : key == "ride" ? &p.within_rides
                                         : key == "hop"  ? &p.within_hops  : nullptr;
                if (!out) r.fail(word.first, "within: unknown word '" + key + "' (leap, ride or hop)");
                if (!word.second.IsSequence()) r.fail(word.second, "within." + key + ": expected a list of [dx, dy]");
                for (const YAML::Node& v : word.second) {
                    Vector vec = read_vector(v, MoveMode::any, key == "leap" ? 1 : 0, "within." + key, r);
                    vec.region = at;
                    out->push_back(vec);
                }
            }
        }
    }
    if (const YAML::Node n = piece["when_in"]) {
        if (!n.IsMap()) r.fail(n, "when_in: expected a mapping of region names to movement");
        for (const auto& entry : n) {
            const int at = region(entry.first, "when_in");
            const YAML::Node& block = entry.second;
            if (!block.IsMap() || !block["leap"] || block.size() != 1)
                r.fail(block, "when_in: expected {leap: [[dx, dy], ...]}");
            const YAML::Node leaps = block["leap"];
            if (!leaps.IsSequence()) r.fail(leaps, "when_in.leap: expected a list of [dx, dy] vectors");
            for (const YAML::Node& v : leaps) {
                Vector vec = read_vector(v, MoveMode::any, 1, "when_in.leap", r);
                vec.region = at;
                p.region_leaps.push_back(vec);
            }
        }
    }
}

void read_royal_facing(GameDefinition& g, const YAML::Node& root, const GameDefinitionReader& r) {
    if (const YAML::Node n = root["royals_may_not_face"]) {
        if (g.royal_type < 0) r.fail(n, "royals_may_not_face: the game has no royal piece");
        if (!n.IsSequence()) r.fail(n, "royals_may_not_face: expected a list of [dx, dy] directions");
        for (const YAML::Node& v : n)
            g.royal_facing.push_back(read_vector(v, MoveMode::capture, 0, "royals_may_not_face", r));
        // Each direction is a ray both ways (compile_blocked_rays). More than the core holds is said here: the ray
        // overflow found later is reported at the pieces, which alone would fit.
        std::set<std::pair<int, int>> rays;
        for (const Vector& v : g.royal_facing) rays.insert({v.dx, v.dy}), rays.insert({-v.dx, -v.dy});
        if (rays.size() > std::size_t(max_rays))
            r.fail(n, "royals_may_not_face: " + std::to_string(rays.size()) +
                          " directions counted both ways; expected at most " + std::to_string(max_rays) +
                          " (the rays the core holds for all pieces)");
    }
    if (const YAML::Node n = root["royals_facing_must_break"]) {
        if (g.royal_type < 0) r.fail(n, "royals_facing_must_break: the game has no royal piece");
        if (root["royals_may_not_face"])
            r.fail(n, "royals_facing_must_break: royals_may_not_face already forbids the royal pieces to face");
        if (!n.IsSequence() || n.size() == 0 || n.size() > 4)
            r.fail(n, "royals_facing_must_break: expected a list of one to four [dx, dy] directions");
        for (const YAML::Node& v : n)
            g.royal_facing_break.push_back(read_vector(v, MoveMode::capture, 0, "royals_facing_must_break", r));
    }
    g.legality_by_test = !g.royal_facing.empty() || !g.royal_facing_break.empty();
    // The pieces a piece's hops may not pass over and those it never captures (janggi's cannon: no cannon).
    const YAML::Node nodes = root["pieces"];
    for (std::size_t i = 0; i < g.pieces.size(); ++i) {
        PieceType& p = g.pieces[i];
        auto types = [&](const char* key) {
            std::uint16_t mask = 0;
            const YAML::Node n = nodes[i][key];
            if (!n) return mask;
            for (const std::string& name : r.strings(n, key)) {
                auto it = std::find_if(g.pieces.begin(), g.pieces.end(),
                                       [&](const PieceType& q) { return q.name == name; });
                if (it == g.pieces.end()) r.fail(n, std::string(key) + ": unknown piece '" + name + "'");
                if (it->royal && std::string(key) == "never_captures")
                    r.fail(n, "never_captures: the royal piece is one every piece may capture (check)");
                mask |= std::uint16_t(1u << (it - g.pieces.begin()));
            }
            return mask;
        };
        p.hops_not_over = types("hops_not_over");
        p.never_captures = types("never_captures");
        if (p.hops_not_over) g.screened_types |= std::uint16_t(1u << i);
    }
    if (const YAML::Node n = root["pass"]) g.pass = r.boolean(n, "pass");
    if (const YAML::Node n = root["royal_only_captures_in_check"]) {
        g.royal_only_captures_in_check = r.boolean(n, "royal_only_captures_in_check");
        if (g.royal_only_captures_in_check && g.royal_type < 0)
            r.fail(n, "royal_only_captures_in_check: the game has no royal piece");
    }
    if (const YAML::Node e = root["end"]; e && e.IsMap() && e["passes_in_a_row"]) {
        const YAML::Node n = e["passes_in_a_row"];
        g.end_passes = r.integer(n, "end.passes_in_a_row");
        if (!g.pass || g.end_passes < 1)
            r.fail(n, "end.passes_in_a_row: a count of 1 or more, in a game with pass: true");
    }
    if (const YAML::Node e = root["end"]; e && e.IsMap() && e["pass_while_facing"]) {
        const YAML::Node n = e["pass_while_facing"];
        g.end_pass_while_facing = r.boolean(n, "end.pass_while_facing");
        if (g.end_pass_while_facing && (!g.pass || g.royal_facing_break.empty()))
            r.fail(n, "end.pass_while_facing: needs pass: true and royals_facing_must_break");
    }
    for (const PieceType& p : g.pieces) {
        if (!p.lame_leaps.empty() || !p.hops.empty() || !p.within_leaps.empty() || !p.within_rides.empty() ||
            !p.within_hops.empty() || p.hops_not_over || p.never_captures)
            g.legality_by_test = true;
        if (p.confined >= 0 && p.promotes())
            r.fail(root["pieces"], "piece '" + p.name + "': a confined piece cannot promote");
    }
    if (!g.legality_by_test) return;
    // Those moves are tested one by one against the attacks after them (movegen_tested.cpp): castling by its squares
    // and en passant are, castling from the position (its rules made per position) is not yet.
    if (g.castling_from_position.enabled)
        r.fail(root["castling"], "castling.from_position cannot be combined with lame_leap, hop or facing royals");
}

// Hoppers and the attack lines onto a royal piece: width-independent, after the riders (compile()).
void GameDefinition::compile_blocked_rays() {
    for (int t = 0; t < int(pieces.size()); ++t) {
        const PieceType& p = pieces[t];
        for (int c = 0; c < 2; ++c) {
            const int sign = c == first ? 1 : -1;
            if (!p.region_leaps.empty()) leaper_capture_types[c] |= std::uint16_t(1u << t);
            for (const Vector& v : p.lame_leaps)
                if (v.mode != MoveMode::move) lame_types[c] |= std::uint16_t(1u << t);
            if (!p.within_leaps.empty() || !p.within_rides.empty() || !p.within_hops.empty())
                lame_types[c] |= std::uint16_t(1u << t);
            for (const Vector& v : p.hops) {
                if (hopper_count[t][c] == max_riders_per_type) {
                    ray_overflow = true;
                    continue;
                }
                hoppers[t][c][hopper_count[t][c]++] = RiderRay{std::uint8_t(add_ray(v.dx, v.dy * sign, 0)), v.mode};
                if (v.mode != MoveMode::move) hopper_types[c] |= std::uint16_t(1u << t);
            }
        }
    }
    if (!legality_by_test) return;
    for (const Vector& v : royal_facing_break)
        for (int s : {1, -1})
            facing_break_rays[facing_break_ray_count++] = std::uint8_t(add_ray(v.dx * s, v.dy * s, 0));
    auto line = [&](int c, int ray) -> LineAttack& {
        for (int i = 0; i < line_attack_count[c]; ++i)
            if (line_attacks[c][i].ray == ray) return line_attacks[c][i];
        line_attacks[c][line_attack_count[c]] = LineAttack{std::uint8_t(ray), 0, 0, 0};
        return line_attacks[c][line_attack_count[c]++];
    };
    for (int c = 0; c < 2; ++c) {
        const int sign = c == first ? 1 : -1;
        for (int i = 0; i < attack_ray_count[c]; ++i) line(c, attack_rays[c][i].ray).first |= attack_rays[c][i].types;
        for (int t = 0; t < int(pieces.size()); ++t)
            for (const Vector& v : pieces[t].hops)
                if (v.mode != MoveMode::move) line(c, add_ray(-v.dx, -v.dy * sign, 0)).second |= std::uint16_t(1u << t);
        // Facing is the same seen from either royal piece: both directions of each line.
        for (const Vector& v : royal_facing)
            for (int s : {1, -1})
                line(c, add_ray(v.dx * s, v.dy * s, 0)).first_royal |= std::uint16_t(1u << royal_type);
    }
}

// Per width: region masks, leaps from a region, confinement, lame leaps both ways, and the squares each piece
// reaches on the empty board (reach_to, which compile_tables worked out from the plain vectors alone).
template <class BB>
void GameDefinition::compile_blocked(BoardTables<BB>& tb) {
    for (int i = 0; i < int(region_names.size()); ++i)
        for (int c = 0; c < 2; ++c)
            for (int sq = 0; sq < squares; ++sq)
                if (region_squares[c][std::size_t(i)][std::size_t(sq)]) tb.region[i][c] |= bit<BB>(sq);
    auto target = [&](int sq, const Vector& v, int sign) {
        const int f = file_of(sq) + v.dx, r = rank_of(sq) + v.dy * sign;
        return f < 0 || f >= files || r < 0 || r >= ranks ? -1 : square(f, r);
    };
    bool any = false;
    for (int t = 0; t < int(pieces.size()); ++t) {
        const PieceType& p = pieces[t];
        any = any || p.confined >= 0 || !p.region_leaps.empty() || !p.lame_leaps.empty() || !p.hops.empty() ||
              !p.within_leaps.empty() || !p.within_rides.empty() || !p.within_hops.empty();
        for (int c = 0; c < 2; ++c) {
            const int sign = c == first ? 1 : -1;
            for (const Vector& v : p.region_leaps)
                for (BB from = tb.region[v.region][c]; from;) {
                    const int sq = pop_lsb(from), to = target(sq, v, sign);
                    if (to < 0) continue;
                    tb.leap_move[t][c][sq] |= bit<BB>(to);
                    tb.leap_capture[t][c][sq] |= bit<BB>(to);
                    tb.leap_attackers[t][c][to] |= bit<BB>(sq);
                }
            const BB inside = p.confined >= 0 ? tb.region[p.confined][c] : tb.all_squares;
            if (p.confined >= 0) {
                for (int sq = 0; sq < squares; ++sq) {
                    tb.leap_move[t][c][sq] &= inside;
                    tb.leap_capture[t][c][sq] &= inside;
                    if (!(inside & bit<BB>(sq))) tb.leap_attackers[t][c][sq] = BB{};
                }
                tb.stay[t][c] &= inside;
                tb.drop_to[t][c] &= inside;
            }
            // From each square: the paths in order of first use, each with the targets it opens.
            for (int sq = 0; sq < squares; ++sq) {
                tb.lame_first[t][c][sq] = std::uint16_t(tb.lame_legs.size());
                const auto add = [&](BB legs, bool screen, MoveMode mode, int to) {
                    if (!(inside & bit<BB>(to))) return;
                    auto first = tb.lame_legs.begin() + tb.lame_first[t][c][sq];
                    auto it = std::find_if(first, tb.lame_legs.end(),
                                           [&](const auto& e) { return e.legs == legs && e.screen == screen; });
                    if (it == tb.lame_legs.end())
                        it = tb.lame_legs.insert(it, {legs, std::uint8_t(t), screen, BB{}, BB{}});
                    if (mode != MoveMode::capture) it->move |= bit<BB>(to);
                    if (mode != MoveMode::move) it->capture |= bit<BB>(to);
                };
                for (const Vector& v : p.lame_leaps) {
                    const int to = target(sq, v, sign);
                    if (to < 0) continue;
                    BB legs{};
                    for (const Vector& s : path_of(v)) legs |= bit<BB>(target(sq, s, sign));
                    add(legs, false, v.mode, to);
                }
                // Within a region: leaps, rides (their squares passed empty) and hops (exactly one piece passed),
                // from a square of the region over squares of it to a square of it.
                const auto within = [&](const std::vector<Vector>& vs, int kind) {
                    for (const Vector& v : vs) {
                        const BB region = tb.region[v.region][c];
                        if (!(region & bit<BB>(sq))) continue;
                        BB passed{};
                        for (int k = 1; kind != 0 || k == 1; ++k) {
                            const int to = target(sq, Vector{v.dx * k, v.dy * k, 1, v.mode}, sign);
                            if (to < 0 || !(region & bit<BB>(to))) break;
                            if (kind != 2 || k > 1) add(passed, kind == 2, v.mode, to);
                            passed |= bit<BB>(to);
                            if (kind == 0) break;
                        }
                    }
                };
                within(p.within_leaps, 0);
                within(p.within_rides, 1);
                within(p.within_hops, 2);
                tb.lame_count[t][c][sq] = std::uint8_t(tb.lame_legs.size() - tb.lame_first[t][c][sq]);
            }
        }
    }
    // Onto each square: for each path and capturing type, the squares the type captures from along it.
    for (int c = 0; c < 2; ++c) {
        std::vector<std::vector<typename BoardTables<BB>::LameLeg>> onto(static_cast<std::size_t>(squares));
        for (int t = 0; t < int(pieces.size()); ++t)
            for (int from = 0; from < squares; ++from)
                for (int i = 0; i < tb.lame_count[t][c][from]; ++i) {
                    const auto& e = tb.lame_legs[std::size_t(tb.lame_first[t][c][from] + i)];
                    for (BB to = e.capture; to;) {
                        auto& list = onto[std::size_t(pop_lsb(to))];
                        auto it = std::find_if(list.begin(), list.end(), [&](const auto& a) {
                            return a.legs == e.legs && a.type == t && a.screen == e.screen;
                        });
                        if (it == list.end()) it = list.insert(it, {e.legs, std::uint8_t(t), e.screen, BB{}, BB{}});
                        it->move |= bit<BB>(from);
                    }
                }
        for (int sq = 0; sq < squares; ++sq) {
            tb.lame_attack_first[c][sq] = std::uint16_t(tb.lame_attacks.size());
            tb.lame_attacks.insert(tb.lame_attacks.end(), onto[std::size_t(sq)].begin(), onto[std::size_t(sq)].end());
            tb.lame_attack_count[c][sq] = std::uint8_t(onto[std::size_t(sq)].size());
        }
    }
    if (!any) return;
    for (int t = 0; t < int(pieces.size()); ++t)
        for (int c = 0; c < 2; ++c) {
            for (int sq = 0; sq < squares; ++sq) tb.reach_to[t][c][sq] = BB{};
            for (int sq = 0; sq < squares; ++sq) {
                BB to = tb.leap_move[t][c][sq] | tb.leap_capture[t][c][sq];
                for (int i = 0; i < rider_count[t][c]; ++i) to |= tb.ray_mask[riders[t][c][i].ray][sq];
                for (int i = 0; i < hopper_count[t][c]; ++i) to |= tb.ray_mask[hoppers[t][c][i].ray][sq];
                for (int i = 0; i < tb.lame_count[t][c][sq]; ++i) {
                    const auto& e = tb.lame_legs[std::size_t(tb.lame_first[t][c][sq] + i)];
                    to |= e.move | e.capture;
                }
                if (pieces[t].has_double_step && double_step_to[c][sq] != no_square)
                    to |= bit<BB>(double_step_to[c][sq]);
                while (to) tb.reach_to[t][c][pop_lsb(to)] |= bit<BB>(sq);
            }
        }
}

template void GameDefinition::compile_blocked(BoardTables<Bitboard>&);
template void GameDefinition::compile_blocked(BoardTables<WideBitboard<2>>&);
template void GameDefinition::compile_blocked(BoardTables<WideBitboard<3>>&);

}  // namespace arbiter::core
