// layer: rulebook
// The YAML front door (rulebook/yaml_source.h): any bytes end in a tree or an InputError, never a crash, a hang or
// unbounded memory.
#include "rulebook/yaml_source.h"

#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    try {
        auto file = arbiter::rulebook::parse_yaml_text({reinterpret_cast<const char*>(data), size}, "fuzz.yaml");
        (void)arbiter::rulebook::describe(file.root);
    } catch (const arbiter::InputError&) {
    }
    return 0;
}
