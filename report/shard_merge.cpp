#include "report/shard_merge.h"

#include <algorithm>
#include <charconv>
#include <map>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "core/input_error.h"
#include "files/input_file.h"
#include "report/csv_table.h"

namespace collsim::report {
namespace {

using Json = nlohmann::ordered_json;

[[noreturn]] void fail(const std::string& file, const std::string& message) {
  throw core::InputError({file, 0, 0}, "", message);
}

std::size_t parse_index(const std::string& file, const std::string& text) {
  std::size_t v = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (text.empty() || ec != std::errc() || end != text.data() + text.size()) {
    fail(file, fmt::format("'{}' is not a point number", text));
  }
  return v;
}

// Which input each point came from; every point of 0..total-1 exactly once.
class PointOwners {
 public:
  explicit PointOwners(std::size_t total) : owner_(total, NONE) {}
  void add(const std::vector<std::string>& files, std::size_t input, std::size_t point) {
    if (point >= owner_.size()) {
      fail(files[input],
           fmt::format("point {} is outside the sweep's {} points", point, owner_.size()));
    }
    if (owner_[point] != NONE && owner_[point] != input) {
      fail(files[input], fmt::format("point {} is also in '{}': the shards overlap", point,
                                     files[owner_[point]]));
    }
    owner_[point] = input;
  }
  void check_complete(const std::vector<std::string>& files) const {
    for (std::size_t p = 0; p < owner_.size(); ++p) {
      if (owner_[p] == NONE) {
        fail(files.front(), fmt::format("point {} is in none of the {} inputs: a shard is missing",
                                        p, files.size()));
      }
    }
  }

 private:
  static constexpr std::size_t NONE = static_cast<std::size_t>(-1);
  std::vector<std::size_t> owner_;
};

std::string merge_csv(const std::vector<std::string>& files,
                      const std::vector<std::string>& texts) {
  std::vector<CsvTable> tables;
  for (std::size_t i = 0; i < texts.size(); ++i) {
    try {
      tables.push_back(parse_csv(texts[i]));
    } catch (const std::invalid_argument& e) {
      fail(files[i], e.what());
    }
    const CsvTable& t = tables.back();
    if (t.header.size() < 2 || t.header[0] != "point" || t.header[1] != "points") {
      fail(files[i], "not the CSV of collsim sweep (its first columns are point,points)");
    }
    if (t.header_line != tables.front().header_line) {
      fail(files[i], fmt::format("its columns differ from those of '{}'", files.front()));
    }
  }
  std::optional<std::size_t> total;
  struct Line {
    std::size_t point;
    const std::string* text;
  };
  std::vector<Line> lines;
  for (std::size_t i = 0; i < tables.size(); ++i) {
    for (std::size_t r = 0; r < tables[i].rows.size(); ++r) {
      const std::size_t points = parse_index(files[i], tables[i].rows[r][1]);
      if (total && points != *total) {
        fail(files[i],
             fmt::format("a row of a {}-point sweep; the others have {}", points, *total));
      }
      total = points;
      lines.push_back({parse_index(files[i], tables[i].rows[r][0]), &tables[i].lines[r]});
    }
  }
  if (!total) {
    fail(files.front(), "no rows to merge");
  }
  PointOwners owners(*total);
  std::size_t input = 0;
  std::size_t seen = 0;
  for (const Line& l : lines) {
    while (seen == tables[input].rows.size()) {
      ++input;
      seen = 0;
    }
    owners.add(files, input, l.point);
    ++seen;
  }
  owners.check_complete(files);
  std::stable_sort(lines.begin(), lines.end(),
                   [](const Line& a, const Line& b) { return a.point < b.point; });
  std::string out = tables.front().header_line + "\n";
  for (const Line& l : lines) {
    out += *l.text + "\n";
  }
  return out;
}

std::string merge_json(const std::vector<std::string>& files,
                       const std::vector<std::string>& texts) {
  std::vector<Json> docs;
  for (std::size_t i = 0; i < texts.size(); ++i) {
    try {
      docs.push_back(Json::parse(texts[i]));
    } catch (const Json::exception& e) {
      fail(files[i], fmt::format("not JSON: {}", e.what()));
    }
    Json& d = docs.back();
    if (!d.is_object() || !d.contains("points") || !d["points"].is_number_unsigned() ||
        !d.contains("results") || !d["results"].is_array()) {
      fail(files[i], "not the JSON of collsim sweep (it has points and results)");
    }
  }
  auto header = [](Json d) {
    d.erase("shard");
    d.erase("results");
    return d;
  };
  const Json first = header(docs.front());
  const auto total = docs.front()["points"].get<std::size_t>();
  PointOwners owners(total);
  struct Item {
    std::size_t point;
    const Json* result;
  };
  std::vector<Item> items;
  for (std::size_t i = 0; i < docs.size(); ++i) {
    if (header(docs[i]) != first) {
      fail(files[i], fmt::format("it comes from another sweep than '{}'", files.front()));
    }
    for (const Json& r : docs[i]["results"]) {
      if (!r.is_object() || !r.contains("point") || !r["point"].is_number_unsigned()) {
        fail(files[i], "a result without its point");
      }
      const auto point = r["point"].get<std::size_t>();
      owners.add(files, i, point);
      items.push_back({point, &r});
    }
  }
  owners.check_complete(files);
  std::stable_sort(items.begin(), items.end(),
                   [](const Item& a, const Item& b) { return a.point < b.point; });
  Json merged = docs.front();
  merged.erase("shard");
  Json results = Json::array();
  for (const Item& item : items) {
    results.push_back(*item.result);
  }
  merged["results"] = std::move(results);
  return merged.dump(2) + "\n";
}

}  // namespace

std::string merge_shards(const std::vector<std::string>& inputs) {
  if (inputs.empty()) {
    throw core::command_line_error("", "name the shard outputs to merge");
  }
  std::vector<std::string> texts;
  for (const std::string& f : inputs) {
    texts.push_back(files::read_input_file(f));
  }
  const bool json = std::all_of(texts.begin(), texts.end(), [](const std::string& t) {
    return !t.empty() && t.front() == '{';
  });
  return json ? merge_json(inputs, texts) : merge_csv(inputs, texts);
}

}  // namespace collsim::report
