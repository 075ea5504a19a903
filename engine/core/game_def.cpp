#include "core/game_def.h"

#include <yaml-cpp/yaml.h>

#include "core/error.h"
#include "core/game_def_reader.h"
#include "core/placement_game.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <set>

namespace arbiter::core {

namespace {

using Reader = GameDefinitionReader;

NoMovesResult parse_result(const Reader& r, const YAML::Node& n, const char* what) {
    std::string s = r.text(n, what);
    if (s == "loss") return NoMovesResult::loss;
    if (s == "draw") return NoMovesResult::draw;
    if (s == "win") return NoMovesResult::win;
    r.fail(n, std::string(what) + ": expected loss, draw or win, got '" + s + "'");
}

}  // namespace

int GameDefinition::add_ray(int dx, int dy, int range) {
    for (int i = 0; i < ray_count; ++i)
        if (ray_vector[i].dx == dx && ray_vector[i].dy == dy && ray_vector[i].range == range) return i;
    if (ray_count == max_rays) {
        ray_overflow = true;
        return 0;
    }
    int id = ray_count++;
    ray_vector[id] = Vector{dx, dy, range, MoveMode::any};
    ray_ascending[id] = dy > 0 || (dy == 0 && dx > 0);
    ray_unlimited[id] = std::uint8_t(range == 0 ? id : add_ray(dx, dy, 0));
    return id;
}

// Registers rays, riders, attack rays and double steps (width-independent), then builds the bitboard
// tables for the width the board needs.
void GameDefinition::compile() {
    squares = files * ranks;
    compile_names();
    bitboard_words = squares <= 64 ? 1 : squares <= 128 ? 2 : 3;
    for (int c = 0; c < 2; ++c)
        for (int sq = 0; sq < max_board_squares; ++sq) double_step_to[c][sq] = double_step_over[c][sq] = no_square;

    for (int t = 0; t < int(pieces.size()); ++t) {
        PieceType& p = pieces[t];
        p.colour_bound = !p.vectors.empty();
        for (const Vector& v : p.vectors)
            if ((v.dx + v.dy) % 2 != 0) p.colour_bound = false;
        for (int c = 0; c < 2; ++c) {
            int sign = c == first ? 1 : -1;
            for (const Vector& v : p.vectors) {
                int dy = v.dy * sign;
                if (v.range == 1) {
                    if (v.mode != MoveMode::move) leaper_capture_types[c] |= std::uint16_t(1u << t);
                    continue;
                }
                int ray = add_ray(v.dx, dy, v.range);
                if (rider_count[t][c] == max_riders_per_type) {
                    ray_overflow = true;
                    continue;
                }
                riders[t][c][rider_count[t][c]++] = RiderRay{std::uint8_t(ray), v.mode};
                if (v.mode != MoveMode::move) {
                    int rev = add_ray(-v.dx, -dy, v.range);
                    int i = 0;
                    while (i < attack_ray_count[c] && attack_rays[c][i].ray != rev) ++i;
                    if (i == attack_ray_count[c]) attack_rays[c][attack_ray_count[c]++] = AttackRay{std::uint8_t(rev), 0};
                    attack_rays[c][i].types |= std::uint16_t(1u << t);
                }
            }
            if (p.has_double_step) {
                // Two of the piece's move-only steps at once; the square passed over is the en passant target.
                for (const Vector& v : p.vectors) {
                    if (v.mode != MoveMode::move || v.range != 1) continue;
                    for (int sq = 0; sq < squares; ++sq) {
                        if (!(p.double_step_ranks[c] & (1u << rank_of(sq)))) continue;
                        int f = file_of(sq) + 2 * v.dx, r = rank_of(sq) + 2 * v.dy * sign;
                        if (f < 0 || f >= files || r < 0 || r >= ranks) continue;
                        double_step_to[c][sq] = Square(square(f, r));
                        double_step_over[c][sq] = Square(square(file_of(sq) + v.dx, rank_of(sq) + v.dy * sign));
                    }
                    break;
                }
            }
        }
        if (hands && !p.royal) hand_types |= std::uint16_t(1u << p.hand_type);
    }
    for (int sq = 0; sq < max_board_squares; ++sq) castling_rights_kept[sq] = 0xFF;
    for (int i = 0; i < int(castling.size()); ++i) {
        castling_rights_kept[castling[i].king_from] &= std::uint8_t(~(1u << i));
        castling_rights_kept[castling[i].rook_from] &= std::uint8_t(~(1u << i));
    }
    for (int i = 0; i < int(first_moves.size()); ++i)
        castling_rights_kept[first_moves[i].from] &= std::uint8_t(~(1u << first_move_bit(i)));
    compile_blocked_rays();
    if (ray_overflow) return;
    if (bitboard_words == 1) {
        compile_tables<Bitboard>(*this);
        compile_blocked<Bitboard>(*this);
        compile_slides();
        for (PieceType& p : pieces)
            for (int c = 0; c < 2; ++c) p.promotion.zone[c] = promotion_zone[&p - pieces.data()][c];
    } else if (bitboard_words == 2) {
        wide2_ = std::make_shared<BoardTables<WideBitboard<2>>>();
        compile_tables(*wide2_);
        compile_blocked(*wide2_);
    } else {
        wide3_ = std::make_shared<BoardTables<WideBitboard<3>>>();
        compile_tables(*wide3_);
        compile_blocked(*wide3_);
    }
}

// Fills the bitboard tables of one width from the piece vectors (the second side mirrors ranks).
template <class BB>
void GameDefinition::compile_tables(BoardTables<BB>& tb) {
    auto ranks_to_squares = [&](std::uint16_t rank_set) {
        BB m{};
        for (int sq = 0; sq < squares; ++sq)
            if (rank_set & (1u << rank_of(sq))) m |= bit<BB>(sq);
        return m;
    };
    for (int sq = 0; sq < squares; ++sq) {
        tb.all_squares |= bit<BB>(sq);
        if (square_colour(sq)) tb.light_squares |= bit<BB>(sq);
        tb.file_mask[file_of(sq)] |= bit<BB>(sq);
    }
    for (int id = 0; id < ray_count; ++id) {
        const Vector& v = ray_vector[id];
        for (int sq = 0; sq < squares; ++sq) {
            BB m{};
            int f = file_of(sq) + v.dx, r = rank_of(sq) + v.dy;
            for (int n = 1; f >= 0 && f < files && r >= 0 && r < ranks && (v.range == 0 || n <= v.range); ++n) {
                m |= bit<BB>(square(f, r));
                f += v.dx;
                r += v.dy;
            }
            tb.ray_mask[id][sq] = m;
        }
    }
    for (int t = 0; t < int(pieces.size()); ++t) {
        const PieceType& p = pieces[t];
        for (int c = 0; c < 2; ++c) {
            int sign = c == first ? 1 : -1;
            for (const Vector& v : p.vectors) {
                if (v.range != 1) continue;
                for (int sq = 0; sq < squares; ++sq) {
                    int f = file_of(sq) + v.dx, r = rank_of(sq) + v.dy * sign;
                    if (f < 0 || f >= files || r < 0 || r >= ranks) continue;
                    int to = square(f, r);
                    if (v.mode != MoveMode::capture) tb.leap_move[t][c][sq] |= bit<BB>(to);
                    if (v.mode != MoveMode::move) {
                        tb.leap_capture[t][c][sq] |= bit<BB>(to);
                        tb.leap_attackers[t][c][to] |= bit<BB>(sq);
                    }
                }
            }
            tb.double_step_from[t][c] = ranks_to_squares(p.double_step_ranks[c]);
            tb.promotion_zone[t][c] = ranks_to_squares(p.promotion.zone_ranks[c]);
            // Squares the piece could never move from (no leap target and no ray on the board).
            BB immobile{};
            for (int sq = 0; sq < squares; ++sq) {
                bool moves = bool(tb.leap_move[t][c][sq] | tb.leap_capture[t][c][sq]);
                for (int i = 0; i < rider_count[t][c] && !moves; ++i) moves = bool(tb.ray_mask[riders[t][c][i].ray][sq]);
                if (!moves) immobile |= bit<BB>(sq);
            }
            for (int sq = 0; sq < squares; ++sq) {
                BB to = tb.leap_move[t][c][sq] | tb.leap_capture[t][c][sq];
                for (int i = 0; i < rider_count[t][c]; ++i) to |= tb.ray_mask[riders[t][c][i].ray][sq];
                if (p.has_double_step && double_step_to[c][sq] != no_square) to |= bit<BB>(double_step_to[c][sq]);
                while (to) tb.reach_to[t][c][pop_lsb(to)] |= bit<BB>(sq);
            }
            BB allowed = tb.all_squares & ~(no_immobile_pieces ? immobile : BB{});
            tb.stay[t][c] = allowed & ~(p.promotion.mandatory ? tb.promotion_zone[t][c] : BB{});
            tb.drop_to[t][c] = allowed;
        }
    }
    for (int i = 0; i < int(castling.size()); ++i) {
        for (int sq : castling[i].must_be_empty) tb.castling_empty[i] |= bit<BB>(sq);
        for (int sq : castling[i].must_not_be_attacked) tb.castling_safe[i] |= bit<BB>(sq);
    }
}

std::shared_ptr<const GameDefinition> GameDefinition::load_file(const std::string& path) {
    YAML::Node root;
    try {
        root = YAML::LoadFile(path);
    } catch (const YAML::BadFile&) {
        throw InputError({path, 0, 0}, "cannot read the game definition");
    } catch (const YAML::Exception& e) {
        throw InputError({path, e.mark.line + 1, e.mark.column + 1}, e.msg);
    }
    return from_yaml(root, path);
}

std::shared_ptr<const GameDefinition> GameDefinition::from_yaml(const YAML::Node& root, const std::string& file) {
    Reader r{file, 16, 16};
    if (!root.IsMap()) r.fail(root, "a game definition must be a mapping");
    auto def = std::make_shared<GameDefinition>();
    GameDefinition& g = *def;
    g.id = r.text(r.require(root, "game"), "game");
    g.title = root["title"] ? r.text(root["title"], "title") : g.id;
    g.profile = GameProfile::from_yaml(root, file);
    if (const YAML::Node diagram = root["diagram"]; diagram && diagram["style"]) g.diagram_style = r.text(diagram["style"], "diagram.style");
    if (root["sides"]) {
        auto sides = r.strings(root["sides"], "sides");
        if (sides.size() != 2) r.fail(root["sides"], "sides: expected exactly two names");
        if (sides[0] == sides[1])
            r.fail(root["sides"][1], "sides: '" + sides[1] + "' is given twice; expected two names");
        g.side_names[0] = sides[0];
        g.side_names[1] = sides[1];
    }

    YAML::Node board = r.require(root, "board");
    g.file_names = r.strings(r.require(board, "files"), "board.files");
    g.rank_names = r.strings(r.require(board, "ranks"), "board.ranks");
    g.files = int(g.file_names.size());
    g.ranks = int(g.rank_names.size());
    if (g.files < 1 || g.ranks < 1 || g.files > 16 || g.ranks > 16)
        r.fail(board, "board: files and ranks must each number 1 to 16");
    if (g.files * g.ranks > max_board_squares)
        r.fail(board, "board: " + std::to_string(g.files * g.ranks) + " squares; the core plays boards of at most " +
                          std::to_string(max_board_squares) + " squares (12x12)");
    g.squares = g.files * g.ranks;
    for (const auto* names : {&g.file_names, &g.rank_names})
        for (std::size_t i = 0; i < names->size(); ++i)
            if (std::find(names->begin(), names->begin() + long(i), (*names)[i]) != names->begin() + long(i))
                r.fail(board[names == &g.file_names ? "files" : "ranks"][i],
                       std::string(names == &g.file_names ? "board.files" : "board.ranks") + ": '" + (*names)[i] +
                           "' is given twice; each name must tell one file or rank");
    r.files = g.files;
    r.ranks = g.ranks;
    read_regions(g, board, r);
    read_diagram_regions(g, root, r);

    auto square_at = [&](const YAML::Node& n, const char* what) {
        std::string s = r.text(n, what);
        int len = 0;
        int sq = g.parse_square(s, &len);
        if (sq < 0 || len != int(s.size())) r.fail(n, std::string(what) + ": expected a square such as e1, got '" + s + "'");
        return sq;
    };
    auto rank_mask = [&](const YAML::Node& n, const char* what, std::uint16_t out[2]) {
        for (const std::string& name : r.strings(n, what)) {
            auto it = std::find(g.rank_names.begin(), g.rank_names.end(), name);
            if (it == g.rank_names.end()) r.fail(n, std::string(what) + ": unknown rank '" + name + "'");
            int rank = int(it - g.rank_names.begin());
            out[0] |= std::uint16_t(1u << rank);
            out[1] |= std::uint16_t(1u << (g.ranks - 1 - rank));
        }
    };

    YAML::Node pieces = r.require(root, "pieces");
    if (!pieces.IsSequence() || pieces.size() == 0) r.fail(pieces, "pieces: expected a non-empty list");
    if (pieces.size() > std::size_t(max_piece_types)) r.fail(pieces, "pieces: at most 16 piece types");
    std::vector<YAML::Node> promotion_nodes;
    for (const YAML::Node& pn : pieces) {
        PieceType p;
        p.name = r.text(r.require(pn, "name"), "name");
        std::string letter = r.text(r.require(pn, "letter"), "letter");
        if (letter.size() != 1 || !std::isupper(static_cast<unsigned char>(letter[0])))
            r.fail(pn["letter"], "letter: expected one upper-case letter, got '" + letter + "'");
        p.letter = letter[0];
        for (const PieceType& q : g.pieces) {
            if (q.letter == p.letter) r.fail(pn["letter"], "letter '" + letter + "' is already used by " + q.name);
            if (q.name == p.name) r.fail(pn["name"], "piece '" + p.name + "' is defined twice");
        }
        if (pn["royal"]) p.royal = r.boolean(pn["royal"], "royal");
        if (pn["minor"]) p.minor = r.boolean(pn["minor"], "minor");
        if (pn["san_letter"]) p.san_letter = r.boolean(pn["san_letter"], "san_letter");
        if (pn["resets_move_counter"]) p.resets_move_counter = r.boolean(pn["resets_move_counter"], "resets_move_counter");
        if (pn["en_passant"]) p.en_passant = r.boolean(pn["en_passant"], "en_passant");

        auto vectors = [&](const YAML::Node& n, bool rider, MoveMode mode, const char* what) {
            if (!n.IsSequence()) r.fail(n, std::string(what) + ": expected a list of [dx, dy] vectors");
            for (const YAML::Node& v : n) {
                if (!v.IsSequence() || v.size() < 2 || v.size() > (rider ? 3u : 2u))
                    r.fail(v, std::string(what) + (rider ? ": expected [dx, dy] or [dx, dy, range]" : ": expected [dx, dy]"));
                Vector vec{r.step(v[0], what, true), r.step(v[1], what, false), rider ? 0 : 1, mode};
                if (rider && v.size() == 3) vec.range = r.integer(v[2], what);
                if (vec.dx == 0 && vec.dy == 0) r.fail(v, std::string(what) + ": a vector must not be [0, 0]");
                if (vec.range < 0) r.fail(v, std::string(what) + ": a range must be 0 (unlimited) or more");
                p.vectors.push_back(vec);
            }
        };
        auto movement = [&](const YAML::Node& n, MoveMode mode, const char* prefix) {
            std::string leap = std::string(prefix) + "leap", ride = std::string(prefix) + "ride";
            if (n["leap"]) vectors(n["leap"], false, mode, leap.c_str());
            if (n["ride"]) vectors(n["ride"], true, mode, ride.c_str());
            read_blocked_movement(p, n, mode, prefix, r);
        };
        movement(pn, MoveMode::any, "");
        if (pn["move"]) movement(pn["move"], MoveMode::move, "move.");
        if (pn["capture"]) movement(pn["capture"], MoveMode::capture, "capture.");
        read_region_movement(g, p, pn, r);
        const bool moves = !p.vectors.empty() || !p.lame_leaps.empty() || !p.hops.empty() || !p.region_leaps.empty();
        if (!moves && !root["placement"])  // a placed piece (othello's disc) never moves
            r.fail(pn, "piece '" + p.name + "' has no movement (leap, ride, move or capture)");

        if (YAML::Node ds = pn["double_step"]) {
            p.has_double_step = true;
            rank_mask(r.require(ds, "ranks"), "double_step.ranks", p.double_step_ranks);
            bool has_step = std::any_of(p.vectors.begin(), p.vectors.end(),
                                        [](const Vector& v) { return v.mode == MoveMode::move && v.range == 1; });
            if (!has_step) r.fail(ds, "double_step needs a move-only leap to double");
        }
        if (p.en_passant && std::none_of(p.vectors.begin(), p.vectors.end(), [](const Vector& v) {
                return v.mode == MoveMode::capture && v.range == 1;
            }))
            r.fail(pn["en_passant"], "en_passant needs capture-only leaps");
        promotion_nodes.push_back(pn["promotion"]);
        g.pieces.push_back(std::move(p));
    }
    // Promotions name piece types, so they are read once every type is known.
    for (int t = 0; t < int(g.pieces.size()); ++t) {
        const YAML::Node& pr = promotion_nodes[t];
        if (!pr) continue;
        PieceType& p = g.pieces[t];
        rank_mask(r.require(pr, "ranks"), "promotion.ranks", p.promotion.zone_ranks);
        for (const std::string& name : r.strings(r.require(pr, "to"), "promotion.to")) {
            int to = g.piece_by_name(name);
            if (to < 0) r.fail(pr["to"], "promotion.to: unknown piece '" + name + "'");
            if (g.pieces[to].royal) r.fail(pr["to"], "promotion.to: cannot promote to the royal piece '" + name + "'");
            p.promotion.to.push_back(to);
        }
        if (pr["mandatory"]) p.promotion.mandatory = r.boolean(pr["mandatory"], "promotion.mandatory");
        if (pr["on_leaving_zone"]) p.promotion.on_leaving_zone = r.boolean(pr["on_leaving_zone"], "promotion.on_leaving_zone");
    }
    // Hands: what each captured piece becomes in hand, and the drop restrictions.
    if (root["hands"]) g.hands = r.boolean(root["hands"], "hands");
    if (root["no_immobile_pieces"]) g.no_immobile_pieces = r.boolean(root["no_immobile_pieces"], "no_immobile_pieces");
    for (int t = 0; t < int(g.pieces.size()); ++t) {
        const YAML::Node pn = pieces[t];
        PieceType& p = g.pieces[t];
        p.hand_type = t;
        if (pn["unpromoted"]) {
            int base = g.piece_by_name(r.text(pn["unpromoted"], "unpromoted"));
            if (base < 0 || base == t || g.pieces[base].royal)
                r.fail(pn["unpromoted"], "unpromoted: expected another, non-royal piece name, got '" + pn["unpromoted"].Scalar() + "'");
            p.hand_type = base;
            p.promoted = true;
        }
        if (YAML::Node d = pn["drop"]) {
            if (!g.hands) r.fail(d, "drop: the game has no hands (hands: true)");
            if (d["one_per_file"]) p.drop_one_per_file = r.boolean(d["one_per_file"], "drop.one_per_file");
            if (d["may_mate"]) p.drop_may_mate = r.boolean(d["may_mate"], "drop.may_mate");
            if (!p.drop_may_mate)
                for (const Vector& v : p.vectors)
                    if (v.range != 1) r.fail(d["may_mate"], "drop.may_mate: false is supported for leapers only");
        }
        if (pn["impasse_points"]) p.impasse_points = r.integer(pn["impasse_points"], "impasse_points");
        p.glyphs[0] = p.glyphs[1] = std::string(1, p.letter);
        if (const YAML::Node glyphs = pn["glyphs"]; glyphs && glyphs.IsSequence() && glyphs.size() >= 1) {
            p.glyphs[0] = p.glyphs[1] = r.text(glyphs[0], "glyphs");
            if (glyphs.size() >= 2) p.glyphs[1] = r.text(glyphs[1], "glyphs");
        }
    }
    for (const PieceType& p : g.pieces)
        if (p.promoted && g.pieces[p.hand_type].promoted)
            r.fail(pieces, "piece '" + p.name + "': its unpromoted piece is itself a promoted piece");
    if (YAML::Node imp = root["impasse"]) rank_mask(r.require(imp, "ranks"), "impasse.ranks", g.impasse_ranks);
    for (int t = 0; t < int(g.pieces.size()); ++t) {
        if (!g.pieces[t].royal) continue;
        if (g.royal_type >= 0) r.fail(pieces, "at most one royal piece type is supported");
        g.royal_type = t;
    }

    if (YAML::Node cs = root["castling"]; cs && cs.IsMap()) {
        read_castling_from_position(g, r.require(cs, "from_position"), r);
        g.start_castling_cache();
    } else if (cs) {
        if (!cs.IsSequence()) r.fail(cs, "castling: expected a list, or from_position");
        if (cs.size() > 8) r.fail(cs, "castling: at most 8 castling moves");
        for (const YAML::Node& cn : cs) {
            CastlingRule c;
            std::string side = r.text(r.require(cn, "side"), "castling.side");
            if (side == g.side_names[0]) c.side = first;
            else if (side == g.side_names[1]) c.side = second;
            else r.fail(cn["side"], "castling.side: expected " + g.side_names[0] + " or " + g.side_names[1]);
            std::string fen = r.text(r.require(cn, "fen"), "castling.fen");
            if (fen.size() != 1) r.fail(cn["fen"], "castling.fen: expected one letter");
            c.fen = fen[0];
            c.san = r.text(r.require(cn, "san"), "castling.san");
            YAML::Node king = r.require(cn, "king"), rook = r.require(cn, "rook");
            if (!king.IsSequence() || king.size() != 2) r.fail(king, "castling.king: expected [from, to]");
            if (!rook.IsSequence() || rook.size() != 2) r.fail(rook, "castling.rook: expected [from, to]");
            c.king_from = Square(square_at(king[0], "castling.king"));
            c.king_to = Square(square_at(king[1], "castling.king"));
            c.rook_from = Square(square_at(rook[0], "castling.rook"));
            c.rook_to = Square(square_at(rook[1], "castling.rook"));
            for (const YAML::Node& s : r.require(cn, "empty")) c.must_be_empty.push_back(square_at(s, "castling.empty"));
            for (const YAML::Node& s : r.require(cn, "safe")) c.must_not_be_attacked.push_back(square_at(s, "castling.safe"));
            g.castling.push_back(c);
        }
    }

    YAML::Node end = root["end"];
    if (end && end["no_legal_moves"]) {
        YAML::Node n = end["no_legal_moves"];
        if (n["in_check"]) g.no_moves_in_check = parse_result(r, n["in_check"], "end.no_legal_moves.in_check");
        if (n["otherwise"]) g.no_moves_not_in_check = parse_result(r, n["otherwise"], "end.no_legal_moves.otherwise");
    }
    if (YAML::Node rep = root["repetition"]) {
        if (rep["identity"]) {
            g.repetition = RepetitionIdentity{false, false, false, false};
            for (const YAML::Node& item : rep["identity"]) {
                std::string s = r.text(item, "repetition.identity");
                if (s == "side_to_move") g.repetition.side_to_move = true;
                else if (s == "castling_rights") g.repetition.castling_rights = true;
                else if (s == "en_passant_legal") g.repetition.en_passant_legal = true;
                else if (s == "hands") g.repetition.hands = true;
                else if (s != "pieces")
                    r.fail(item, "repetition.identity: expected pieces, side_to_move, castling_rights, en_passant_legal or hands, got '" + s + "'");
            }
        }
        if (rep["claim"]) g.repetition_claim = r.integer(rep["claim"], "repetition.claim");
        if (rep["automatic"]) g.repetition_automatic = r.integer(rep["automatic"], "repetition.automatic");
    }
    if (YAML::Node mr = root["move_rule"]) {
        if (mr["claim_plies"]) g.move_rule_claim_plies = r.integer(mr["claim_plies"], "move_rule.claim_plies");
        if (mr["automatic_plies"]) g.move_rule_automatic_plies = r.integer(mr["automatic_plies"], "move_rule.automatic_plies");
    }
    read_royal_facing(g, root, r);
    read_first_moves(g, root, r);
    g.start_fen = r.text(r.require(root, "start"), "start");

    g.compile();
    if (g.ray_overflow) r.fail(pieces, "too many rider directions (at most 48 rays, 16 rider vectors per piece)");
    if (YAML::Node pf = root["perft"]; pf && pf["finished_game_leaves"]) {
        g.perft_finished_game_leaves = r.integer(pf["finished_game_leaves"], "perft.finished_game_leaves");
        if (g.perft_finished_game_leaves != 0 && g.perft_finished_game_leaves != 1)
            r.fail(pf["finished_game_leaves"], "perft.finished_game_leaves: expected 0 or 1");
    }
    if (YAML::Node pl = root["placement"]) {
        // A placement game writes its start as a board string (its own notation); the core keeps a FEN.
        load_placement(g, pl, file);
        try {
            g.start_fen = board_string_to_fen(g, g.start_fen, file);
        } catch (const InputError& e) {
            r.fail(root["start"], "start: " + e.message());
        }
    }
    check_profile(g, root, file);
    return def;
}

}  // namespace arbiter::core
