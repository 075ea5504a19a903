#include "rulebook/validate.h"

#include "core/game_def.h"
#include "rulebook/event.h"
#include "rulebook/timeline.h"

namespace arbiter::rulebook {

Validation validate_file(const std::filesystem::path& path, const Library& library, const std::string& rulebook_override) {
    YamlFile file = read_yaml_file(path);
    Validation result{detect_kind(file), true};
    switch (result.kind) {
        case Kind::rulebook:
            library.load_file(path);
            break;
        case Kind::registry:
            Registry::load(path);
            break;
        case Kind::event: {
            check_schema(file, Kind::event);
            Event event = read_event(file.root, file.name);
            check_event(event, event_rulebook(event, library, rulebook_override), library.registry());
            break;
        }
        case Kind::timeline:
            check_schema(file, Kind::timeline);
            check_timeline(file, library, rulebook_override);
            break;
        case Kind::game:
            result.schema_checked = check_schema(file, Kind::game);
            try {
                core::GameDefinition::from_yaml(file.root, file.name);
            } catch (const InputError&) {
                throw;
            } catch (const std::exception& e) {
                throw InputError(location_of(file.name, file.root), std::string("game definition: ") + e.what());
            }
            break;
    }
    return result;
}

}  // namespace arbiter::rulebook
