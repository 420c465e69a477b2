// The fuzz targets without libFuzzer (any compiler): runs LLVMFuzzerTestOneInput once on every
// file of the directories or files named on the command line (seed corpus, regression inputs),
// as ctest's fuzz.* tests do. A violated property aborts, naming the input on stderr first.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

namespace {

int run_file(const std::filesystem::path& path)
{
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    std::fprintf(stderr, "cannot read %s\n", path.c_str());
    return 1;
  }
  const std::vector<char> bytes{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  std::fprintf(stderr, "input %s (%zu bytes)\n", path.c_str(), bytes.size());
  LLVMFuzzerTestOneInput(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size());
  return 0;
}

}  // namespace

int main(int argc, char** argv)
{
  std::size_t inputs = 0;
  int status = 0;
  for (int k = 1; k < argc; ++k) {
    const std::filesystem::path path(argv[k]);
    if (std::filesystem::is_directory(path)) {
      std::vector<std::filesystem::path> files;
      for (const auto& entry : std::filesystem::directory_iterator(path))
        if (entry.is_regular_file())
          files.push_back(entry.path());
      std::sort(files.begin(), files.end());
      inputs += files.size();
      for (const auto& file : files)
        status |= run_file(file);
    } else {
      status |= run_file(path);
      ++inputs;
    }
  }
  std::printf("%zu inputs run, every property held\n", inputs);
  return inputs == 0 ? 1 : status;
}
