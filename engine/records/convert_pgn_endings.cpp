// How a PGN game says it ended, as the sites and servers write it (docs/RECORDS.md has the table): the Termination
// tag of the PGN standard (8.2 and 9.8.1) and lichess ("Normal", "Time forfeit", "Abandoned", "Rules infraction",
// "Unterminated"), chess.com's sentences ("X won by resignation", "Game drawn by timeout vs insufficient material"),
// and the comment FICS and ICC write before the result ("{White resigns} 0-1", "{Black forfeits on time} 1-0").
#include "records/convert.h"

namespace arbiter::procedure::convert {

namespace {

bool has(std::string_view text, std::string_view part) { return text.find(part) != std::string_view::npos; }

struct Phrase {
    std::string_view words;  // lower case, found anywhere in the text
    PgnEndingKind kind;
};

// chess.com's Termination sentences and the FICS/ICC comments, most specific first: "drawn by timeout vs
// insufficient material" before "insufficient material", "forfeits by disconnection" before "forfeits".
constexpr std::array<Phrase, 33> Phrases = {{
    {"timeout vs insufficient material", PgnEndingKind::time_forfeit},  // chess.com: a flag, the game drawn
    {"ran out of time and", PgnEndingKind::time_forfeit},   // FICS: "... and Black has no material to mate"
    {"both players ran out of time", PgnEndingKind::both_flags},
    {"won on time", PgnEndingKind::time_forfeit},            // chess.com
    {"forfeits on time", PgnEndingKind::time_forfeit},       // FICS, ICC
    {"lost on time", PgnEndingKind::time_forfeit},
    {"wins on time", PgnEndingKind::time_forfeit},
    {"loses on time", PgnEndingKind::time_forfeit},          // cutechess
    {"illegal move", PgnEndingKind::infraction},             // cutechess: "Black makes an illegal move" (not shown)
    {"won by resignation", PgnEndingKind::resignation},     // chess.com
    {"resigns", PgnEndingKind::resignation},                 // FICS, ICC: "White resigns"
    {"resigned", PgnEndingKind::resignation},
    {"won by checkmate", PgnEndingKind::board},             // chess.com: the board shows it
    {"checkmated", PgnEndingKind::board},                    // FICS: "Black checkmated"
    {"mates", PgnEndingKind::board},                         // cutechess: "White mates"
    {"drawn by agreement", PgnEndingKind::draw_agreed},     // chess.com
    {"drawn by mutual agreement", PgnEndingKind::draw_agreed},  // FICS, ICC
    {"draw agreed", PgnEndingKind::draw_agreed},
    {"drawn by repetition", PgnEndingKind::board},          // the board shows it (a claim is added for it)
    {"3-fold repetition", PgnEndingKind::board},
    {"drawn by stalemate", PgnEndingKind::board},
    {"stalemate", PgnEndingKind::board},
    {"drawn by insufficient material", PgnEndingKind::board},
    {"neither player has mating material", PgnEndingKind::board},  // FICS
    {"insufficient mating material", PgnEndingKind::board},
    {"50-move rule", PgnEndingKind::board},
    {"50 move rule", PgnEndingKind::board},
    {"fifty move rule", PgnEndingKind::board},
    {"game abandoned", PgnEndingKind::abandoned},            // chess.com: "X won - game abandoned"
    {"forfeits by disconnection", PgnEndingKind::abandoned}, // FICS
    {"disconnect", PgnEndingKind::abandoned},                // ICC: "Black disconnected and forfeits"
    {"adjudicat", PgnEndingKind::adjudication},              // "White wins by adjudication", "won by adjudication"
    {"aborted", PgnEndingKind::abandoned},
}};

std::optional<PgnEndingKind> read_phrase(std::string_view lowered) {
    for (const auto& p : Phrases)
        if (has(lowered, p.words)) return p.kind;
    return std::nullopt;
}

}  // namespace

PgnEnding read_pgn_ending(std::string_view termination, std::string_view comment) {
    PgnEnding e;
    const std::string t = lower(termination);
    // The PGN standard's values (8.2 and 9.8.1), which lichess writes.
    if (t.empty() || t == "normal") e.kind = PgnEndingKind::board;
    else if (t == "time forfeit" || t == "time") e.kind = PgnEndingKind::time_forfeit;
    else if (t == "abandoned") e.kind = PgnEndingKind::abandoned;
    else if (t == "adjudication") e.kind = PgnEndingKind::adjudication;
    else if (t == "rules infraction") e.kind = PgnEndingKind::infraction;
    else if (t == "unterminated") e.kind = PgnEndingKind::unterminated;
    else if (t == "death" || t == "emergency") e.kind = PgnEndingKind::abandoned;
    else if (const auto kind = read_phrase(t)) {
        e.kind = *kind;
        // chess.com: "Magnus won by resignation", "Hikaru won - game abandoned": the winner by name.
        if (const auto won = t.find(" won"); won != std::string::npos && won > 0)
            e.winner_name = std::string(termination.substr(0, won));
    } else {
        e.kind = PgnEndingKind::unknown;
    }
    // FICS and ICC say it in a comment before the result; a standard tag's "normal" leaves the comment to tell.
    if (e.kind == PgnEndingKind::board && !comment.empty())
        if (const auto kind = read_phrase(lower(comment))) {
            e.kind = *kind;
            e.from_comment = true;
        }
    return e;
}

}  // namespace arbiter::procedure::convert
