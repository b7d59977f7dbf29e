#include "cli/flag_parser.h"

namespace collsim::cli {

namespace po = boost::program_options;

bool parse_flags(const std::vector<std::string>& args, const po::options_description& visible,
                 po::variables_map& vm, const char* positional, int max_positional) {
  po::options_description all;
  all.add(visible);
  po::positional_options_description bare;
  if (positional != nullptr) {
    if (max_positional == 1) {
      all.add_options()(positional, po::value<std::string>());
    } else {
      all.add_options()(positional, po::value<std::vector<std::string>>());
    }
    bare.add(positional, max_positional);
  }
  po::store(
      po::command_line_parser(args)
          .options(all)
          .positional(bare)
          .style(po::command_line_style::default_style & ~po::command_line_style::allow_guessing)
          .run(),
      vm);
  po::notify(vm);
  return vm.count("help") == 0;
}

}  // namespace collsim::cli
