#include "cli/flag_parser.h"

#include <ostream>

namespace collsim::cli {

namespace po = boost::program_options;

std::optional<po::variables_map> parse_flags(const std::vector<std::string>& args,
                                             const po::options_description& visible,
                                             std::ostream& help_out, Positional positional) {
  po::options_description all;
  all.add(visible);
  po::positional_options_description bare;
  if (positional.name != nullptr) {
    if (positional.max == 1) {
      all.add_options()(positional.name, po::value<std::string>());
    } else {
      all.add_options()(positional.name, po::value<std::vector<std::string>>());
    }
    bare.add(positional.name, positional.max);
  }
  po::variables_map vm;
  po::store(
      po::command_line_parser(args)
          .options(all)
          .positional(bare)
          .style(po::command_line_style::default_style & ~po::command_line_style::allow_guessing)
          .run(),
      vm);
  po::notify(vm);
  if (vm.count("help") > 0) {
    help_out << visible << '\n';
    return std::nullopt;
  }
  return vm;
}

}  // namespace collsim::cli
