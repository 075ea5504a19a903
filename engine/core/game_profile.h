// What a game file says the game is, beyond how its pieces move: the notations its moves and positions are written
// in, the record formats its games come in, the analyses it offers, its default rulebook, its sides' names and the
// roles some of its pieces play. The layers above the core (procedure, records, report, CLI) read these instead of
// guessing a game from its board size, its hands or its piece letters (game.schema.json: notation, records, analyses,
// default_rulebook, compare_rulebooks, side_names, roles).
#pragma once

namespace YAML {
class Node;
}

#include "core/error.h"

#include <array>
#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace arbiter::core {

inline constexpr int max_relative_types = 32;
// records.names holds the few ways a record writes the game's name (chess960's six); a longer list is refused at load
// rather than kept, so that finding a record's game stays a short look whatever the file says.
inline constexpr std::size_t max_record_names = 64;

// How a move is written: SAN (Nf3) and UCI/long algebraic (g1f3, e7e8q), USI (7g7f, P*5e) and KIF (７六歩(77)),
// or a placement game's square (f5, pass).
// `relative` is the file-relative notation of the xiangqi family (WXF C2.5, traditional 炮二平五), written from the
// game file's notation.relative table (core/relative_notation.h).
enum class MoveNotation : std::uint8_t { san, uci, usi, kif, square, relative };

// The words of the file-relative notation (notation.relative): a piece's letter (WXF) and names (the first the one
// written for the first side, the second for the second side, then variants read), the numerals by side (file 1
// first; digits 1-9 are always read), and the signs of the three directions and of the front and back piece.
struct RelativeNotation {
    std::map<std::string, std::string, std::less<>> letters;                // piece name -> WXF letter
    std::map<std::string, std::vector<std::string>, std::less<>> names;     // piece name -> glyphs
    std::array<std::vector<std::string>, 2> numerals;                       // per side, file 1 first
    std::vector<std::string> forward, backward, sideways, front, back;      // the first is written
    std::array<std::string, max_relative_types> letter_of{};                // by piece type, once resolved
    std::array<std::vector<std::string>, max_relative_types> names_of{};
};
// The traditional notation printed for people in games with hands (notation.traditional; core/traditional_notation.h):
// the side's mark, the destination in the file and rank numerals (files from the first side's right, ranks from the
// second side's edge), the piece's glyph (its `glyphs`, the same table the diagrams draw), and the words for the
// last move's square, a drop, a promotion and its refusal; where two pieces of a kind reach the square, the words of
// their move (up, sideways, down) and of their place (right, left, and straight for the straight_pieces, whose
// place is told from the destination). `other_names`: names records write for a piece besides its glyphs (竜 for 龍),
// read and never written.
struct TraditionalNotation {
    bool given = false;
    std::array<std::string, 2> marks;
    std::vector<std::string> files, ranks;
    std::string same, drop, promote, decline, up, sideways, down, right, left, straight;
    std::vector<std::string> straight_pieces;
    std::uint32_t straight_mask = 0;  // by piece type, once resolved
    std::vector<std::pair<std::string, std::vector<std::string>>> other_names_given;  // piece name, its names
    std::vector<std::pair<int, std::string>> other_names;                              // type, a name; once resolved
};
// How a position is written: FEN, SFEN (with pieces in hand), or a placement game's board string.
enum class PositionNotation : std::uint8_t { fen, sfen, board };
// An analysis the board answers for the game: the dead position and "can still checkmate" (FIDE 5.2.2, 6.9), the
// king-and-pawn endgame table (8x8 boards), the impasse count (shogi jishogi), the disc count (othello), the facts
// of each side's moves in a repetition cycle (checks and chases, core/cycle_facts.h).
enum class Analysis : std::uint8_t { dead_position, king_and_pawn, impasse_count, disc_count, cycle_facts };

struct GameProfile {
    RelativeNotation relative;        // notation.relative (used where moves lists relative)
    TraditionalNotation traditional;  // notation.traditional (Japanese output's moves, where given)
    std::vector<MoveNotation> moves;  // in the order of the data (empty until check_profile where the file names none)
    PositionNotation position = PositionNotation::fen;
    bool position_given = false;      // the file names it (else check_profile sets the one its keys imply)
    // The record formats the game's records come in (record_timeline.h's names: pgn, kif, ki2, csa, ggf, wthor,
    // transcript), and what a record calls the game (a PGN's Variant tag, lower case; "" for a record that
    // names no game).
    std::vector<std::string> record_formats;
    std::vector<std::string> record_names;
    // records.settings: a header of a record format that states a parameter of the event the game was played under
    // (shogi-server's CSA comment 'Max_Moves:512 sets the move limit): the converter writes the header's value as
    // the event's `declared:` setting of `sets` (topic.param), which each rulebook takes where it lets an event set it.
    struct RecordSetting {
        std::string format, header, sets;
        SourceLocation at;  // the entry's place in the game file
    };
    std::vector<RecordSetting> record_settings;
    std::uint8_t analyses = 0;  // bit per Analysis
    std::string default_rulebook;                // a record is ruled under it unless one is named
    SourceLocation default_rulebook_at;          // its key's place, for "no such rulebook" when a record is run
    // `default_game: true`: perft and analyze read a position as this game's when no --game is given and the
    // position reads as several games' (every game's `startpos`; an orthodox FEN is chess's and chess960's).
    bool default_game = false;
    // `variant_of: <game>`: where a position reads as this game's and its parent's (a manchu FEN reads the xiangqi
    // start, whose pieces manchu's black also has), perft and analyze without --game take the parent's reading.
    std::string variant_of;
    std::vector<std::string> compare_rulebooks;  // `compare` without --rulebooks; empty: every rulebook of the game
    // The game whose rulebooks rule this one (`ruled_as`: chess960 is ruled by the chess rulebooks, FIDE 2018
    // Guidelines II.1); a record of it becomes a timeline of that game whose event names this one as its variant.
    std::string ruled_as;
    // The game's name by language ("en", "ja", the game's own language's code), as lists print it.
    std::map<std::string, std::string, std::less<>> names;
    // Side names by language ("en", "ja", the game's own language's code), first side first.
    std::map<std::string, std::array<std::string, 2>, std::less<>> side_names;
    std::string pawn_role;  // the piece the pawn-like analyses mean (roles.pawn); "" for none
    int pawn_type = -1;     // the same as a piece type, resolved against the game's pieces
    // The cycle facts' roles (roles.never_chases, roles.chased_even_protected_by): pieces whose attacks are never a
    // chase, and per attacked piece the attackers that chase it even where it is protected; names as written, and
    // as piece-type bit masks once resolved.
    std::vector<std::string> never_chases;
    std::map<std::string, std::vector<std::string>, std::less<>> chased_even_protected_by;
    std::uint32_t never_chases_mask = 0;
    std::map<int, std::uint32_t> outranking_attackers;  // attacked type -> attacker types
    // roles.never_chased_in: per piece, the region (board.regions, seen from its own side) where an attack on it is
    // never a chase (xiangqi: a soldier that has not crossed the river); names as written, then type -> region index.
    std::map<std::string, std::string, std::less<>> never_chased_in;
    std::map<int, int> unchased_region;
    // roles.offers_exchange: pieces whose attack on a piece of their own kind that can take them back offers an
    // exchange and is no chase; as a mask once resolved. mate_threat_checks: the longest series of checks (the
    // mating move counted) the cycle facts look for a threat of mate by.
    std::vector<std::string> offers_exchange;
    std::uint32_t exchange_mask = 0;
    int mate_threat_checks = 1;
    // material_values: the pieces' worth in the exchanges on one square, for a reading that counts a chase by the
    // material it wins (core/cycle_facts.h); names as written, then piece type -> worth. A piece not listed is 0.
    std::map<std::string, int, std::less<>> material_values;
    std::map<int, int> material_value;

    bool writes(MoveNotation n) const {
        for (MoveNotation m : moves)
            if (m == n) return true;
        return false;
    }
    bool offers(Analysis a) const { return analyses & (1u << unsigned(a)); }
    bool reads_format(std::string_view format) const;
    bool named(std::string_view name) const;  // `name` lower case

    // Reads the game file's profile keys from its document; InputError at file:line:column for a value the schema
    // lets through but that names nothing (the game file's checks against its pieces are GameDefinition's).
    static GameProfile from_yaml(const YAML::Node& root, const std::string& file);
};

std::string_view notation_name(MoveNotation n);
std::string_view notation_name(PositionNotation n);
std::string_view analysis_name(Analysis a);

}  // namespace arbiter::core
