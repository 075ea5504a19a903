#include "core/notation.h"

#include "core/move_memo.h"
#include "core/placement_game.h"

#include <cctype>
#include <optional>

namespace arbiter::core {

namespace {

char lower(char c) { return char(std::tolower(static_cast<unsigned char>(c))); }

bool is_capture(const Position& pos, Move m) {
    return m.kind() == MoveKind::en_passant ||
           (m.kind() != MoveKind::castling && m.kind() != MoveKind::drop && pos.piece_on(m.to()) != no_piece);
}

std::string check_suffix(const Position& pos, Move m) {
    Position after = pos;
    Undo u;
    after.make(m, u);
    if (!after.is_check()) return "";
    return after.has_legal_move() ? "+" : "#";
}

ParsedMove error(MoveParseStatus status, std::string message, AttemptedMove attempted = {}) {
    ParsedMove p;
    p.status = status;
    p.message = std::move(message);
    p.attempted = attempted;
    return p;
}

}  // namespace

std::string to_uci(const Position& pos, Move m) {
    const GameDefinition& g = pos.definition();
    if (g.placement.enabled) return placement_move_name(pos, m);  // "f5", "pass"
    if (m.kind() == MoveKind::pass) return "0000";
    const bool takes_rook = m.kind() == MoveKind::castling && g.castling[m.extra()].uci_takes_rook;
    std::string s = g.square_name(m.from()) + g.square_name(takes_rook ? g.castling[m.extra()].rook_from : m.to());
    if (m.is_promotion()) s += lower(g.pieces[m.promotion_type()].letter);
    return s;
}

std::string to_san(const Position& pos, Move m) {
    const GameDefinition& g = pos.definition();
    if (g.placement.enabled) return placement_move_name(pos, m);
    if (m.kind() == MoveKind::castling) return g.castling[m.extra()].san + check_suffix(pos, m);
    const int type = type_of(pos.piece_on(m.from()));
    const PieceType& p = g.pieces[type];
    std::string s;
    const bool capture = is_capture(pos, m);
    if (p.san_letter) {
        s += p.letter;
        // Disambiguation (PGN 8.2.3.4): file if it suffices, else rank, else both.
        bool other = false, same_file = false, same_rank = false;
        MoveList rivals;  // the moves of the same piece type to the same square
        pos.generate_legal_to(rivals, type, m.to());
        for (Move o : rivals) {
            if (o.to() != m.to() || o.from() == m.from() || o.kind() == MoveKind::castling) continue;
            if (type_of(pos.piece_on(o.from())) != type) continue;
            other = true;
            same_file |= g.file_of(o.from()) == g.file_of(m.from());
            same_rank |= g.rank_of(o.from()) == g.rank_of(m.from());
        }
        if (other) {
            if (!same_file) s += g.file_names[g.file_of(m.from())];
            else if (!same_rank) s += g.rank_names[g.rank_of(m.from())];
            else s += g.square_name(m.from());
        }
    } else if (capture) {
        s += g.file_names[g.file_of(m.from())];
    }
    if (capture) s += 'x';
    s += g.square_name(m.to());
    if (m.is_promotion()) {
        s += '=';
        s += g.pieces[m.promotion_type()].letter;
    }
    return s + check_suffix(pos, m);
}

namespace {

// Reads a UCI or SAN text against `moves` (the legal moves, or the unchecked ones for an illegal move).
ParsedMove uci_among(const Position& pos, std::string_view text, const MoveList& moves) {
    const GameDefinition& g = pos.definition();
    int len1 = 0, len2 = 0;
    int from = g.parse_square(text, &len1);
    if (from < 0) return error(MoveParseStatus::syntax_error, "expected a move such as e2e4, got '" + std::string(text) + "'");
    int to = g.parse_square(text.substr(len1), &len2);
    if (to < 0) return error(MoveParseStatus::syntax_error, "expected a move such as e2e4, got '" + std::string(text) + "'");
    std::string_view rest = text.substr(len1 + len2);
    AttemptedMove a;
    a.from = from;
    a.to = to;
    if (pos.piece_on(from) != no_piece) a.piece_type = type_of(pos.piece_on(from));
    if (!rest.empty()) {
        if (rest.size() != 1 || (a.promotion = g.piece_by_letter(rest[0])) < 0)
            return error(MoveParseStatus::syntax_error, "unknown promotion piece in '" + std::string(text) + "'");
    }
    // Castling may also be written king-takes-rook (e1h1), as lichess and Chess960 UCI do.
    int castle_to = to;
    for (const CastlingRule& c : g.castling)
        if (c.side == pos.side_to_move() && c.king_from == from && c.rook_from == to && pos.piece_on(to) != no_piece &&
            color_of(pos.piece_on(to)) == pos.side_to_move())
            castle_to = c.king_to;
    for (Move m : moves) {
        if (m.from() != from || (m.to() != to && !(m.kind() == MoveKind::castling && m.to() == castle_to))) continue;
        if (m.is_promotion() ? m.promotion_type() != a.promotion : a.promotion >= 0) continue;
        if (m.kind() == MoveKind::castling) a.castling = m.extra();
        ParsedMove p;
        p.status = MoveParseStatus::ok;
        p.move = m;
        p.attempted = a;
        return p;
    }
    return error(MoveParseStatus::illegal, "illegal move " + std::string(text) + " in " + pos.fen(), a);
}

// What a SAN text asks for, read without the position's moves: the piece type and the destination (castling: the
// royal type and the king's destination), and what the text says of the origin. `failed` holds a syntax error.
struct SanText {
    std::string_view original;  // the text as given (read_san's caller keeps it alive while it is used)
    std::optional<ParsedMove> failed;
    int castling = -1;  // index into GameDefinition::castling
    AttemptedMove a;
    int from_file = -1, from_rank = -1;
};

SanText read_san(const Position& pos, std::string_view text) {
    const GameDefinition& g = pos.definition();
    SanText t;
    t.original = text;
    // Views into `text`, no copies: every move of an archive is read here twice (converter and runner); strings are
    // written only for a message.
    AttemptedMove& a = t.a;
    // Every return names `t`, so that it is built in place: a copy of it was a fifth of the reading.
    auto fail = [&](std::string message) { t.failed = error(MoveParseStatus::syntax_error, std::move(message)); };
    std::string_view s = text;
    while (!s.empty() && (s.back() == '+' || s.back() == '#' || s.back() == '!' || s.back() == '?')) s.remove_suffix(1);
    if (s.empty()) {
        fail("expected a move, got '" + std::string(text) + "'");
        return t;
    }
    const Color us = pos.side_to_move();

    // Castling: O-O, O-O-O (also written with zeros).
    const auto is_castling = [&s](const std::string& san) {
        if (san.size() != s.size()) return false;
        for (std::size_t k = 0; k < s.size(); ++k)
            if ((s[k] == '0' ? 'O' : s[k]) != san[k]) return false;
        return true;
    };
    for (int i = 0; i < int(g.castling.size()); ++i) {
        const CastlingRule& c = g.castling[i];
        if (c.side != us || !is_castling(c.san)) continue;
        t.castling = i;
        a.castling = i;
        a.piece_type = g.royal_type;
        a.from = c.king_from;
        a.to = c.king_to;
        return t;
    }

    std::size_t i = 0;
    if (std::isupper(static_cast<unsigned char>(s[0]))) {
        a.piece_type = g.piece_by_letter(s[0]);
        if (a.piece_type < 0 || !g.pieces[a.piece_type].san_letter) {
            fail("unknown piece letter in '" + std::string(text) + "'");
            return t;
        }
        i = 1;
    }
    // Promotion suffix: "=Q" or a trailing upper-case letter after the destination.
    std::size_t end = s.size();
    if (end >= 2 && std::isupper(static_cast<unsigned char>(s[end - 1])) && end - 1 > i) {
        a.promotion = g.piece_by_letter(s[end - 1]);
        if (a.promotion < 0) {
            fail("unknown promotion piece in '" + std::string(text) + "'");
            return t;
        }
        --end;
        if (s[end - 1] == '=') --end;
    }
    // Destination: the longest square name that ends the remaining text.
    int to = -1;
    std::size_t to_start = end;
    for (std::size_t k = i; k < end; ++k) {
        int len = 0;
        int sq = g.parse_square(s.substr(k, end - k), &len);
        if (sq >= 0 && k + len == end) {
            to = sq;
            to_start = k;
            break;
        }
    }
    if (to < 0) {
        fail("expected a move such as Nf3, exd5 or O-O, got '" + std::string(text) + "'");
        return t;
    }
    a.to = to;
    // Disambiguation between the piece letter and the destination: a file, a rank or a square, and 'x'.
    std::string_view mid = s.substr(i, to_start - i);
    if (!mid.empty() && (mid.back() == 'x' || mid.back() == ':')) mid.remove_suffix(1);
    int& from_file = t.from_file;
    int& from_rank = t.from_rank;
    if (!mid.empty()) {
        int len = 0;
        int sq = g.parse_square(mid, &len);
        if (sq >= 0 && len == int(mid.size())) {
            a.from = sq;
        } else {
            for (int f = 0; f < g.files && from_file < 0; ++f)
                if (g.file_names[f] == mid) from_file = f;
            for (int r = 0; r < g.ranks && from_file < 0 && from_rank < 0; ++r)
                if (g.rank_names[r] == mid) from_rank = r;
            if (from_file < 0 && from_rank < 0) {
                fail("cannot read '" + std::string(mid) + "' in '" + std::string(text) + "'");
                return t;
            }
        }
    }
    if (a.piece_type < 0) {
        // No letter: the piece written without one (a chess pawn).
        for (int type = 0; type < int(g.pieces.size()); ++type)
            if (!g.pieces[type].san_letter) a.piece_type = type;
        if (a.piece_type < 0) {
            fail("missing piece letter in '" + std::string(text) + "'");
            return t;
        }
    }
    return t;
}

// A definition's SAN letters and the first characters of its castling texts, by byte, for read_san_quickly; `usable`
// when every file and rank name is one ASCII character (GameDefinition::one_char_squares, whose tables name the
// squares) and every castling text starts with one, as in chess.
struct SanNames {
    GameDefinitionPtr def;  // held, so that no other definition can take its address while these name it
    bool usable = false;
    std::int8_t letter[128];     // the type a piece letter names, where it has a SAN letter (-1: none)
    bool castling_start[128];    // the first characters of the castling texts
    int unlettered = -1;         // the type written without a letter, as read_san takes it
};

const SanNames& san_names(const Position& pos) {
    thread_local SanNames n;
    const GameDefinition& g = pos.definition();
    if (n.def.get() == &g) return n;
    n.def = pos.definition_ptr();
    n.usable = g.one_char_squares();
    for (int c = 0; c < 128; ++c) {
        n.letter[c] = -1;
        n.castling_start[c] = false;
        const int type = g.piece_by_letter(char(c));
        if (type >= 0 && g.pieces[type].san_letter) n.letter[c] = std::int8_t(type);
    }
    for (const CastlingRule& c : g.castling) {
        n.usable = n.usable && !c.san.empty() && static_cast<unsigned char>(c.san[0]) < 128;
        if (n.usable) n.castling_start[int(c.san[0])] = true;
    }
    n.unlettered = -1;
    for (int type = 0; type < int(g.pieces.size()); ++type)
        if (!g.pieces[type].san_letter) n.unlettered = type;
    return n;
}

// read_san for the texts of a game whose squares have one-character names, without the loops over names and castling
// rules: what read_san gives for a text that is no castling and reads without an error (false for anything else,
// which read_san reads): read_san's loops were a visible part of an audit.
bool read_san_quickly(const Position& pos, std::string_view text, SanText& t) {
    const SanNames& n = san_names(pos);
    const GameDefinition& g = pos.definition();
    std::string_view s = text;
    while (!s.empty() && (s.back() == '+' || s.back() == '#' || s.back() == '!' || s.back() == '?')) s.remove_suffix(1);
    // Only the first byte indexes a table of ASCII here: every other byte is one the reading below checks against
    // ASCII names and letters (a byte above 127 names none), so a text with one reads false as before, without a
    // loop over the text (its end was a branch the processor missed for every move).
    if (!n.usable || s.empty() || static_cast<unsigned char>(s[0]) >= 128) return false;
    if (n.castling_start[s[0] == '0' ? 'O' : int(s[0])]) return false;
    const auto upper = [](char c) { return c >= 'A' && c <= 'Z'; };
    std::size_t i = 0, end = s.size();
    int type = n.unlettered;
    if (upper(s[0])) {
        if ((type = n.letter[int(s[0])]) < 0) return false;
        i = 1;
    }
    if (type < 0) return false;
    int promotion = -1;
    if (end >= 2 && upper(s[end - 1]) && end - 1 > i) {
        if ((promotion = g.piece_by_letter(s[end - 1])) < 0) return false;
        --end;
        if (s[end - 1] == '=') --end;
    }
    // The destination is the text's last two characters (a square name is two here).
    if (end < i + 2 || g.file_by_char(s[end - 2]) < 0 || g.rank_by_char(s[end - 1]) < 0) return false;
    std::string_view mid = s.substr(i, end - 2 - i);
    if (!mid.empty() && (mid.back() == 'x' || mid.back() == ':')) mid.remove_suffix(1);
    int from = -1, from_file = -1, from_rank = -1;
    if (mid.size() == 2) {
        if (g.file_by_char(mid[0]) < 0 || g.rank_by_char(mid[1]) < 0) return false;
        from = g.square(g.file_by_char(mid[0]), g.rank_by_char(mid[1]));
    } else if (mid.size() == 1) {
        from_file = g.file_by_char(mid[0]);
        if (from_file < 0 && (from_rank = g.rank_by_char(mid[0])) < 0) return false;
    } else if (!mid.empty()) {
        return false;
    }
    t.original = text;
    t.a.piece_type = type;
    t.a.from = from;
    t.a.to = g.square(g.file_by_char(s[end - 2]), g.rank_by_char(s[end - 1]));
    t.a.promotion = promotion;
    t.from_file = from_file;
    t.from_rank = from_rank;
    return true;
}

// The move of `legal` that a SAN text read by read_san names. Only the moves to the text's destination by its piece
// type are looked at (castling: the castling move), so `legal` may hold just those (Position::generate_legal_to).
// The reading goes into `p`, a ParsedMove as constructed, so that it is built where the caller keeps it: a move
// assignment of it was a sixth of read_move's own time.
void san_match(const Position& pos, const SanText& t, const MoveList& legal, ParsedMove& p) {
    const GameDefinition& g = pos.definition();
    const std::string_view original = t.original;  // for the messages
    p.attempted = t.a;
    AttemptedMove& a = p.attempted;
    const Color us = pos.side_to_move();
    if (t.castling >= 0) {
        for (Move m : legal)
            if (m.kind() == MoveKind::castling && m.extra() == t.castling) {
                p.status = MoveParseStatus::ok;
                p.move = m;
                return;
            }
        p = error(MoveParseStatus::illegal, "illegal move " + std::string(original) + " (castling not possible) in " + pos.fen(), a);
        return;
    }
    const int to = a.to;
    const int from_file = t.from_file, from_rank = t.from_rank;
    auto from_matches = [&](int from) {
        return (a.from < 0 || from == a.from) && (from_file < 0 || g.file_of(from) == from_file) &&
               (from_rank < 0 || g.rank_of(from) == from_rank);
    };

    Move found;
    int count = 0;
    for (Move m : legal) {
        if (m.kind() == MoveKind::castling || m.to() != to || !from_matches(m.from())) continue;
        if (type_of(pos.piece_on(m.from())) != a.piece_type) continue;
        if (m.is_promotion() ? m.promotion_type() != a.promotion : a.promotion >= 0) continue;
        found = m;
        ++count;
    }
    if (count == 1) {
        // The piece meant is the found move's, where it is one of the type's pieces (the loop below would find it alone).
        if (a.from < 0 && (pos.pieces(us, a.piece_type) & bit<Bitboard>(found.from()))) a.from = found.from();
        p.status = MoveParseStatus::ok;
        p.move = found;
        return;
    }
    if (a.from < 0) {
        // Which piece was meant, if only one of that type fits the text.
        Bitboard cand = pos.pieces(us, a.piece_type);
        int n = 0, sq = -1;
        while (cand) {
            int f = pop_lsb(cand);
            if (!from_matches(f)) continue;
            ++n;
            sq = f;
        }
        if (n == 1) a.from = sq;
    }
    if (count > 1) {
        p = error(MoveParseStatus::ambiguous, "ambiguous move " + std::string(original) + " in " + pos.fen(), a);
        return;
    }
    if (a.promotion < 0 && g.pieces[a.piece_type].promotes()) {
        // A promotion written without its piece is incomplete, not a different move.
        for (Move m : legal)
            if (m.is_promotion() && m.to() == to && from_matches(m.from()) && type_of(pos.piece_on(m.from())) == a.piece_type) {
                p = error(MoveParseStatus::illegal, "move " + std::string(original) + " must name the promotion piece", a);
                return;
            }
    }
    p = error(MoveParseStatus::illegal, "illegal move " + std::string(original) + " in " + pos.fen(), a);
    return;
}

ParsedMove san_among(const Position& pos, std::string_view text, const MoveList& legal) {
    SanText t = read_san(pos, text);
    if (t.failed) return std::move(*t.failed);
    ParsedMove p;
    san_match(pos, t, legal, p);
    return p;
}

// A text the unchecked moves read as exactly one move is an illegal move a player can make on a real board (it
// leaves or puts the own king in check): reported illegal, with the move, so that a caller can still play it.
ParsedMove with_unchecked_move(const Position& pos, std::string_view text, ParsedMove illegal,
                               ParsedMove (*read)(const Position&, std::string_view, const MoveList&)) {
    MoveList unchecked;
    pos.generate_unchecked(unchecked);
    ParsedMove p = read(pos, text, unchecked);
    if (p.status == MoveParseStatus::ambiguous) return p;
    if (!p.ok()) return illegal;
    p.status = MoveParseStatus::illegal;
    p.only_check = true;
    p.message = "illegal move " + std::string(text) + " in " + pos.fen() + ": it leaves or puts the own king in check";
    return p;
}

}  // namespace

ParsedMove parse_uci(const Position& pos, std::string_view text) { return uci_among(pos, text, pos.legal_moves()); }

ParsedMove parse_san(const Position& pos, std::string_view text) { return san_among(pos, text, pos.legal_moves()); }

namespace {

// A SAN text names one piece type and one destination: the legal moves of that type to that square decide it whenever
// they give exactly one move, which is the answer the whole list gives (san_match looks at no other move, and
// parse_move takes SAN's answer first). False for anything else (no move, several, a syntax error), which is read
// against the whole list, for UCI and for the error's words.
bool read_quickly(const Position& pos, std::string_view text, ParsedMove& out) {
    SanText t;
    if (!read_san_quickly(pos, text, t)) {
        t = read_san(pos, text);
        if (t.failed) return false;
    }
    MoveList some;
    if (!pos.read_legal_to(some, t.a.piece_type, t.a.to)) pos.generate_legal_to(some, t.a.piece_type, t.a.to);
    san_match(pos, t, some, out);
    return out.ok();
}

}  // namespace

ParsedMove parse_move(const Position& pos, std::string_view text) {
    if (pos.definition().placement.enabled) return parse_placement_move(pos, text);
    // An audit reads each move again in the same position (converter, then runner): the answer of last time.
    const memo::Lookup lookup = memo::recall(pos, text);
    if (lookup.known) return *lookup.known;
    ParsedMove p;
    if (read_quickly(pos, text, p)) {
        memo::remember(lookup, pos, text, p);
        return p;
    }
    return parse_move(pos, text, pos.legal_moves());
}

ParsedMove read_move(const Position& pos, std::string_view text) {
    ParsedMove p;  // the one object returned, built in place
    if (pos.definition().placement.enabled) p = parse_placement_move(pos, text);
    else if (!read_quickly(pos, text, p)) p = parse_move(pos, text, pos.legal_moves());
    return p;
}

ParsedMove parse_move(const Position& pos, std::string_view text, const MoveList& legal) {
    if (pos.definition().placement.enabled) return parse_placement_move(pos, text);
    ParsedMove san = san_among(pos, text, legal);
    if (san.ok()) return san;
    ParsedMove uci = uci_among(pos, text, legal);
    // Text that reads as two squares is UCI: its "attempted" names the squares as written.
    if (uci.ok()) return uci;
    if (uci.status == MoveParseStatus::illegal) return with_unchecked_move(pos, text, uci, uci_among);
    if (san.status == MoveParseStatus::illegal) return with_unchecked_move(pos, text, san, san_among);
    return san;
}

}  // namespace arbiter::core
