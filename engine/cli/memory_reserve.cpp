#include "cli/memory_reserve.h"

#include <array>
#include <cstdlib>
#include <new>

namespace arbiter::cli {

namespace {

// Blocks below jemalloc's oversize threshold (8 MiB): a larger one is served by a separate arena that returns it to
// the system when freed, out of reach of the allocations the reserve is kept for.
constexpr std::size_t Block = 2u << 20;
std::array<void*, 32> reserve{};  // up to 64 MiB

void give_back_reserve() {
    for (void*& block : reserve) {
        std::free(block);
        block = nullptr;
    }
    std::set_new_handler(nullptr);
    throw std::bad_alloc();
}

}  // namespace

void keep_memory_reserve(std::size_t bytes) {
    bool kept = false;
    for (std::size_t k = 0; k < reserve.size() && k * Block < bytes; ++k)
        if (!reserve[k] && (reserve[k] = std::malloc(Block))) kept = true;
    if (kept) std::set_new_handler(give_back_reserve);
}

}  // namespace arbiter::cli
