#include "report/shard_merge.h"

#include <algorithm>
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
  const std::optional<std::size_t> v = parse_count(text);
  if (!v) {
    fail(file, fmt::format("'{}' is not a point number", text));
  }
  return *v;
}

// Which input each point came from, and how many of its rows it holds; every point of
// 0..total-1 from exactly one input.
class PointOwners {
 public:
  explicit PointOwners(std::size_t total) : owner_(total, NONE), rows_(total, 0) {}
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
    ++rows_[point];
  }
  void check_complete(const std::vector<std::string>& files) const {
    for (std::size_t p = 0; p < owner_.size(); ++p) {
      if (owner_[p] == NONE) {
        fail(files.front(), fmt::format("point {} is in none of the {} inputs: a shard is missing",
                                        p, files.size()));
      }
    }
  }
  // Every point holds `expected(p)` rows: a file that lost rows at its end (a copy cut
  // short, an edit) names the point it cut.
  template <class Expected>
  void check_rows(const std::vector<std::string>& files, Expected&& expected) const {
    for (std::size_t p = 0; p < owner_.size(); ++p) {
      const std::size_t want = expected(p);
      if (rows_[p] != want) {
        fail(files[owner_[p]],
             fmt::format("point {} has {} of its {} rows: the file is truncated or was edited", p,
                         rows_[p], want));
      }
    }
  }

 private:
  static constexpr std::size_t NONE = static_cast<std::size_t>(-1);
  std::vector<std::size_t> owner_;
  std::vector<std::size_t> rows_;
};

constexpr const char* IDENTITY_COLUMNS =
    "it has no scenario_digest and rows columns (an older collsim wrote it): rerun the shard";

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
  const int digest_column = tables.front().column("scenario_digest");
  const int rows_column = tables.front().column("rows");
  if (digest_column < 0 || rows_column < 0) {
    fail(files.front(), IDENTITY_COLUMNS);
  }
  std::optional<std::size_t> total;
  const std::string* digest = nullptr;
  std::size_t digest_input = 0;
  struct Line {
    std::size_t point;
    std::size_t rows;  // of its point
    const std::string* text;
  };
  std::vector<Line> lines;
  for (std::size_t i = 0; i < tables.size(); ++i) {
    for (std::size_t r = 0; r < tables[i].rows.size(); ++r) {
      const std::vector<std::string>& row = tables[i].rows[r];
      const std::size_t points = parse_index(files[i], row[1]);
      if (total && points != *total) {
        fail(files[i],
             fmt::format("a row of a {}-point sweep; the others have {}", points, *total));
      }
      total = points;
      const std::string& d = row[static_cast<std::size_t>(digest_column)];
      if (digest == nullptr) {
        digest = &d;
        digest_input = i;
      } else if (d != *digest) {
        fail(files[i], fmt::format("it comes from another sweep than '{}' (scenario digest {}, "
                                   "not {}): its scenario, --set or sweep differ",
                                   files[digest_input], d, *digest));
      }
      lines.push_back({parse_index(files[i], row[0]),
                       parse_index(files[i], row[static_cast<std::size_t>(rows_column)]),
                       &tables[i].lines[r]});
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
  std::vector<std::size_t> point_rows(*total, 0);
  for (const Line& l : lines) {
    point_rows[l.point] = std::max(point_rows[l.point], l.rows);
  }
  owners.check_rows(files, [&](std::size_t p) { return point_rows[p]; });
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
    if (!d.contains("scenario_digest") || !d.contains("rows") || !d["rows"].is_number_unsigned()) {
      fail(files[i], IDENTITY_COLUMNS);
    }
    const std::size_t held = d["results"].size();
    if (d.contains("shard_rows") &&
        (!d["shard_rows"].is_number_unsigned() || d["shard_rows"].get<std::size_t>() != held)) {
      fail(files[i], fmt::format("it holds {} results where its shard_rows says {}: the file "
                                 "was edited",
                                 held, d["shard_rows"].dump()));
    }
  }
  auto header = [](Json d) {
    d.erase("shard");
    d.erase("shard_rows");
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
      const Json& a = docs[i]["scenario_digest"];
      const Json& b = docs.front()["scenario_digest"];
      fail(files[i], a != b ? fmt::format("it comes from another sweep than '{}' (scenario "
                                          "digest {}, not {}): its scenario, --set or sweep differ",
                                          files.front(), a.dump(), b.dump())
                            : fmt::format("it comes from another sweep than '{}'", files.front()));
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
  const auto rows = docs.front()["rows"].get<std::size_t>();
  if (items.size() != rows) {
    fail(files.front(), fmt::format("the inputs hold {} results where the sweep has {}: one was "
                                    "edited",
                                    items.size(), rows));
  }
  std::stable_sort(items.begin(), items.end(),
                   [](const Item& a, const Item& b) { return a.point < b.point; });
  Json merged = docs.front();
  merged.erase("shard");
  merged.erase("shard_rows");
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
