#include <hbcast/cli/command_line.hpp>

#include <iostream>

int main(int argc, char** argv)
{
  return hbcast::cli::run_command_line(argc, argv, std::cout, std::cerr);
}
