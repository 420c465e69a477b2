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

// A node looked up under a key its map lacks has no line (yaml-cpp throws on its mark): the error
// names the file alone.
TEST(YamlError, ANodeMissingFromItsMapNamesTheFileAlone)
{
  const YAML::Node node = YAML::Load("a: 1\n~: 2");
  const auto error = hbcast::cli::yaml_error("s.yaml", node["null"], "null", "unknown parameter");
  EXPECT_EQ(std::string(error.what()), "s.yaml: key 'null': unknown parameter");
}

// A yaml-cpp exception met while reading a file becomes one line naming the file and the line.
TEST(YamlError, AYamlCppExceptionNamesTheFileAndLine)
{
  const YAML::Node node = YAML::Load("a: 1\nb: [x]\n");
  try {
    static_cast<void>(node["b"].as<std::string>());
    FAIL() << "a list read as a string";
  } catch (const YAML::Exception& error) {
    EXPECT_EQ(std::string(hbcast::cli::yaml_exception_error("s.yaml", error).what()),
              "s.yaml:2: a value of another type than its key takes (a list or a mapping where a single value "
              "belongs, or the reverse)");
  }
}
