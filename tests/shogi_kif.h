// The piece names a KIF record of shogi is read with: the bundled shogi game file's (core/record/kif.h's
// kif_pieces), loaded once per test program.
#pragma once

#include "core/game_def.h"
#include "core/game_files.h"
#include "core/record/kif.h"

namespace arbiter::testing {

inline const core::record::KifPieces& shogi_kif() {
    static const core::record::KifPieces pieces = core::record::kif_pieces(*core::load_game("shogi"));
    return pieces;
}

}  // namespace arbiter::testing
