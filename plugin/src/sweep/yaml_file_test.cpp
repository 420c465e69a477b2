#include <hbcast/sweep/yaml_file.hpp>

#include <gtest/gtest.h>

#include <string>

// A key quoted in a scenario or validation error may hold newlines (a multi-line YAML key): the
// message stays one line, control characters escaped.
TEST(YamlError, AKeyHoldingControlCharactersStaysOnOneLine)
{
  const YAML::Node node = YAML::Load("a: 1");
  const auto error = hbcast::cli::yaml_error("s.yaml", node, "two\nlines\t", "unknown key");
  EXPECT_EQ(std::string(error.what()), "s.yaml:1: key 'two\\nlines\\x09': unknown key");
}
