// The one module definition shared by every per-layer test program (tests/CMakeLists.txt).
#define BOOST_TEST_MODULE arbiter
#include <boost/test/unit_test.hpp>
