// Touch-move: a touch entry, the obligation the rule on touches puts on the side to move (the effects
// must_move_touched and must_capture_touched), a move that breaks it, and the opponent's claim of that breach (claim
// kind touch_move), admissible until the rule's claim deadline (FIDE 2009 4.7: the claimant's own deliberate touch).
#include "procedure/run_state.h"

namespace arbiter::procedure {

using State = Runner::State;

void State::on_touch() {
    const YAML::Node& v = entry->value;
    const int by = read_side(v["by"]);
    if (v["adjust"] && v["adjust"].as<bool>()) return;
    const std::string square = v["square"].Scalar();
    const auto owner = game->owner_at(square);
    if (!owner) throw error("square: found '" + square + "'; expected a square of the board", v["square"]);
    if (*owner < 0) {
        // An empty square: no touch of a piece. Where a touch makes the move (JOA 「着手」), touching a square the side
        // to move may play binds that move; a square where no disc may go makes none.
        if (by == to_move() && param_of(params::touch_binds) == true && game->read(square).ok() &&
            bound_square[std::size_t(by)].empty()) {
            bound_square[std::size_t(by)] = square;
            if (const auto* r = rule(registry().setting_topic(params::touch_binds.mechanism)))
                note_rule(*r, by, {"touched " + square + ", where a disc may be played: the move is made there",
                                   square + " に触れた。そこに打てるので、そこへの着手となる"});
        }
        return;
    }
    touched[std::size_t(by)] = true;
    if (illegal) touched_since_illegal[std::size_t(by)] = true;
    if (touch_breach) touch_breach->touched_since[std::size_t(by)] = true;
    // Touching a piece to move or capture it declines an open offer where the rulebook says so (FIDE 2009 9.1b); the
    // ruling cites that rule, so an acceptance afterwards is seen to find no offer for that reason.
    if (offer_by == 1 - by && param_of(params::declined_by_touch) == true) {
        offer_by = nobody;
        if (const auto* r = rule(registry().setting_topic(params::declined_by_touch.mechanism)))
            note_rule(*r, by, {"the touch declines the opponent's draw offer", "駒に触れたことで相手の引き分けの提案を拒否した"});
    }
    // Only the player having the move is bound by a touch (4.3); the first piece of each colour is the one that counts.
    std::string_view touched_piece = *owner == by ? "own" : "opponent";
    std::string_view pair = "none";
    if (by == to_move()) {
        Touches& t = touches[std::size_t(by)];
        std::string& first = *owner == by ? t.own : t.opponent;
        if (first.empty()) first = square;
        else if (*owner == by && t.own_next.empty() && square != t.own) t.own_next = square;
        if (t.opponent.empty()) t.own_first = true;
        else if (t.own.empty()) t.own_first = false;
        if (!t.own.empty() && !t.opponent.empty()) touched_piece = "both";
        t.pair = pair = touched_pair(t);
    }
    Context ctx;
    ctx.actor = by;
    ctx.facts["touched_piece"] = touched_piece;
    ctx.facts["touched_pair"] = pair;
    raise(Trigger::entry_touch, ctx, by);
}

// How the first two own pieces touched stand to one move that moves them both (the game's castling, FIDE 4.4):
// "legal" (a legal move of the first also moves the second: the king, then the rook), "illegal" (the game has such a
// move of the first with the second, not legal now), "reversed" (the second touched is the one whose move would move
// both: the rook, then the king), else "none".
std::string_view State::touched_pair(const Touches& t) const {
    if (t.own.empty() || t.own_next.empty()) return "none";
    const int first = def->parse_square(t.own), second = def->parse_square(t.own_next);
    for (const auto& m : game->legal_from_to()) {
        if (m.from == first && m.also == second) return "legal";
        if (m.from == second && m.also == first) return "reversed";
    }
    for (const auto& c : def->castling) {
        if (int(c.king_from) == first && int(c.rook_from) == second) return "illegal";
        if (int(c.king_from) == second && int(c.rook_from) == first) return "reversed";
    }
    return "none";
}

namespace {

// What the obligations `t` allow among the legal moves (FIDE 2009 4.3-4.5; JCA 4.3-4.5): the square the move must
// leave, the square whose piece it must take (en passant takes a pawn off another square than it reaches), the
// second own piece it must move with the first (castling after the king and rook were touched, 4.4a); each -1 where
// free, all -1 when nothing touched can move or be captured.
struct Required {
    int from = -1, takes = -1, also = -1;
    bool any_also = false;  // the move must also move another own piece (any one: joint_move_first)
};

Required required_squares(const std::vector<Board::MoveSquares>& legal, const core::GameDefinition& def,
                          const State::Touches& t) {
    const int own = t.own.empty() ? -1 : def.parse_square(t.own);
    const int opp = t.opponent.empty() ? -1 : def.parse_square(t.opponent);
    const int next = t.own_next.empty() ? -1 : def.parse_square(t.own_next);
    auto exists = [&](int from, int takes, int also = -1) {
        for (const auto& m : legal)
            if ((from < 0 || m.from == from) && (takes < 0 || m.takes == takes) && (also < 0 || m.also == also))
                return true;
        return false;
    };
    const bool move_own = t.must_move && own >= 0 && exists(own, -1);
    const bool take_opp = t.must_capture && opp >= 0 && exists(-1, opp);
    if (t.must_capture && own >= 0 && opp >= 0) {
        // One of each colour (4.3c): the touched piece takes the touched piece; if it cannot, the first touched that
        // can be moved or captured.
        if (exists(own, opp)) return {own, opp, -1};
        const bool own_movable = exists(own, -1);
        if (t.own_first ? own_movable : !take_opp && own_movable) return {own, -1, -1};
        if (take_opp) return {-1, opp, -1};
        return {};
    }
    // The first own piece touched moves; with the second where one of its legal moves moves both (4.4a), and
    // otherwise by any of its moves (4.4c: another king move).
    if (move_own && next >= 0 && exists(own, -1, next)) return {own, -1, next};
    if (move_own && t.joint_first) {
        // joint_move_first (JCA 1997 4.4c): a move of the first piece that moves another own piece with it (castling
        // on the other side) where it has one; only then any of its moves.
        for (const auto& m : legal)
            if (m.from == own && m.also >= 0) return {own, -1, -1, true};
    }
    if (move_own) return {own, -1, -1};
    if (take_opp) return {-1, opp, -1};
    return {};
}

}  // namespace

// Before `mover`'s legal move is made: a move that breaks the obligation its touches put on it is a breach, open to
// the opponent's claim (the arbiter does not act on Article 4 unasked).
void State::check_touch_obligation(int mover, const core::ParsedMove& parsed, const std::string& text) {
    const Touches& t = touches[std::size_t(mover)];  // not copied: asked after every move, bound after few
    if (!t.must_move && !t.must_capture) return;
    if (!parsed.ok() || parsed.move.is_none()) return;
    const auto legal = game->legal_from_to();
    const Required need = required_squares(legal, *def, t);
    // A drop or a pass is not among the legal moves listed: it leaves no square and takes nothing.
    Board::MoveSquares made{-2, -2, -2, -2, parsed.move};
    for (const auto& m : legal)
        if (m.move == parsed.move) made = m;
    if ((need.from < 0 || made.from == need.from) && (need.takes < 0 || made.takes == need.takes) &&
        (need.also < 0 || made.also == need.also) && (!need.any_also || made.also >= 0))
        return;
    touch_breach = TouchBreach{mover, game->ply(), t, text};
}

// The opponent claims that the offender touched a piece and moved another: admissible under the rule's claim (who,
// until when: the deadline's act is the breach), ruled by the rule on touches, whose effect takes the move back and
// binds the offender again.
void State::claim_touch_move(int claimant, const YAML::Node& v) {
    const std::string& topic = topic_of(Trigger::claim_touch_move);
    if (!touch_breach || touch_breach->offender == claimant) {
        note_only(topic.empty() ? std::string(trigger_name(Trigger::claim_touch_move)) : topic, claimant,
                  {"no move of the opponent broke a touch-move obligation; nothing follows",
                   "相手の着手に、触れた駒に関する義務の違反はない。何も変わらない"});
        return;
    }
    if (ended) {
        // The breaching move ended the game and the rule on that end let it stand (FIDE 2009 5.1a asks only a legal
        // move): the claim is refused, citing the article the game ended by.
        Ruling& r = note_only(topic.empty() ? std::string(trigger_name(Trigger::claim_touch_move)) : topic, claimant,
                              {"the game ended with " + touch_breach->move + " (" + out.result.topic +
                                   "), which the rulebook lets stand: the touch-move claim comes too late",
                               touch_breach->move + " で対局は終了しており、規則上その終局は有効：触れた駒に関する申し立ては遅すぎる"});
        if (!out.result.article.empty()) r.article = out.result.article;
        return;
    }
    const TouchBreach& breach = *touch_breach;
    Context ctx;
    ctx.actor = breach.offender;
    ctx.party = "claimant";
    ctx.roles["claimant"] = claimant;
    ctx.restore_ply = breach.ply_before;
    const bool both = !breach.bound.own.empty() && !breach.bound.opponent.empty() && breach.bound.must_capture;
    ctx.facts["touched_piece"] = both ? "both" : breach.bound.must_move ? "own" : "opponent";
    ctx.facts["touched_pair"] = breach.bound.pair;
    if (const auto* r = rule_for(Trigger::claim_touch_move)) {
        weighed_breach = &breach;
        const bool in_time = admissible(*r, claimant, ctx, v["kind"].Scalar());
        weighed_breach = nullptr;
        if (!in_time) return;
    }
    raise(Trigger::claim_touch_move, ctx, claimant, {}, true);
}

// The effects must_move_touched (capture false) and must_capture_touched: the touching side is bound to move its
// touched piece or to capture the touched one (State::check_touch_obligation holds its next move to it). At an upheld
// claim of a breach, the breaching move is taken back first and the offender is bound again to the same pieces.
Note State::bind_touch(const Context& ctx, bool capture, bool joint_first) {
    const int side = ctx.actor;
    if (side < 0 || side > 1) return {};
    Note note;
    if (touch_breach && ctx.restore_ply >= 0 && touch_breach->offender == side &&
        touch_breach->ply_before == ctx.restore_ply) {
        const TouchBreach breach = *touch_breach;
        touch_breach.reset();
        if (game->take_back_to(breach.ply_before)) {
            ++board_version;
            touches[std::size_t(side)] = breach.bound;
            if (clk && clk->running()) ensure_running(side);
            note = {"the arbiter takes back " + breach.move, "アービターは " + breach.move + " を取り消させる"};
        }
    }
    if (side != to_move()) {
        add_note(note, {"not on move: the touch binds only the player having the move", "手番ではないため、触れても義務は生じない"});
        return note;
    }
    Touches& t = touches[std::size_t(side)];
    (capture ? t.must_capture : t.must_move) = true;
    if (!capture && joint_first) t.joint_first = true;
    const std::string& square = capture ? t.opponent : t.own;
    if (!capture && !square.empty() && t.pair == "legal")
        add_note(note, {side_name(side) + " must move the piece on " + square + " together with the one on " +
                            t.own_next,
                        ja_side(side) + "は" + square + "の駒を" + t.own_next + "の駒とともに動かさなければならない"});
    else if (!square.empty() && !capture && joint_first)
        add_note(note, {side_name(side) + " must move the piece on " + square +
                            ", by a move that moves another of its pieces too where it has one",
                        ja_side(side) + "は" + square + "の駒を、他の自分の駒もともに動かす着手があればその着手で動かさなければならない"});
    else if (!square.empty())
        add_note(note, {side_name(side) + (capture ? " must capture the piece on " : " must move the piece on ") +
                            square + " if it can",
                        ja_side(side) + "は可能なら" + square + (capture ? "の駒を取らなければならない" : "の駒を動かさなければならない")});
    return note;
}

// The pieces an illegal move touches, kept with it (before the board changes): the piece moved, a castling's rook
// (the king and then the rook, FIDE 4.4) and the piece taken.
void State::note_touched_by(const core::ParsedMove& parsed) {
    if (!illegal) return;
    // The castling table of the position (a Chess960 start arranges its own).
    const core::GameDefinition& g = game->position() ? game->position()->definition() : *def;
    const core::Move m = parsed.move;
    // A move the board cannot hold (a pawn left unpromoted on the last rank, a piece off its lines: FIDE 2009 7.4a)
    // has no Move: the piece its text names, where it names one, and what stands on the square it was put on.
    const int from = m.is_none() ? parsed.attempted.from : int(m.from());
    const int castling = m.is_none() ? parsed.attempted.castling
                                     : m.kind() == core::MoveKind::castling ? int(m.extra()) : -1;
    if (from < 0) return;
    illegal->from = def->square_name(from);
    if (castling >= 0) {
        if (std::size_t(castling) < g.castling.size())
            illegal->also = def->square_name(int(g.castling[std::size_t(castling)].rook_from));
        return;
    }
    int taken = m.is_none() ? parsed.attempted.to : int(m.to());
    if (!m.is_none() && m.kind() == core::MoveKind::en_passant && game->position())
        taken = game->position()->en_passant_victim();
    if (taken < 0) return;
    const std::string square = def->square_name(taken);
    if (const auto owner = game->owner_at(square); owner && *owner == 1 - illegal->offender) illegal->takes = square;
}

// An illegal move taken back: where the rule on illegal moves says the move replacing it follows touch-move
// (replacement_touched; FIDE 2009 7.4a: 4.3 applies to the replacing move, JCA 1997 7.4), the offender stands as
// if he had touched the pieces that move touched, in its order, and the rule on touches binds him.
void State::bind_replacement(const IllegalMove& found) {
    if (ended || found.from.empty() || to_move() != found.offender) return;
    if (param_of(Trigger::claim_illegal_move, params::replacement_touched.name) != true) return;
    Touches& t = touches[std::size_t(found.offender)];
    t = {};
    t.own = found.from;
    t.own_next = found.also;
    t.opponent = found.takes;
    t.pair = touched_pair(t);
    Context ctx;
    ctx.actor = found.offender;
    ctx.facts["touched_piece"] = found.takes.empty() ? "own" : "both";
    ctx.facts["touched_pair"] = t.pair;
    raise(Trigger::entry_touch, ctx, found.offender,
          {"the move replacing the illegal move is bound to the pieces it touched",
           "反則手に代わる着手は、反則手で触れた駒に拘束される"});
}

}  // namespace arbiter::procedure
