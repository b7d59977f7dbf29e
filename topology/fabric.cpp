#include "topology/fabric.h"

#include <cassert>
#include <stdexcept>

#include <fmt/format.h>

#include "core/name_table.h"
#include "topology/fabric_impl.h"

namespace collsim::topology {
namespace {

constexpr core::NameTable<VertexKind, 6> VERTEX_KINDS{{
    {VertexKind::GPU, "gpu"},
    {VertexKind::NVSWITCH, "nvswitch"},
    {VertexKind::NIC, "nic"},
    {VertexKind::PCIE_SWITCH, "pcie_switch"},
    {VertexKind::HOST_BRIDGE, "host_bridge"},
    {VertexKind::SWITCH, "switch"},
}};
constexpr core::NameTable<SwitchTier, 4> SWITCH_TIERS{{
    {SwitchTier::NONE, "none"},
    {SwitchTier::LEAF, "leaf"},
    {SwitchTier::SPINE, "spine"},
    {SwitchTier::CORE, "core"},
}};
constexpr core::NameTable<LinkClass, 3> LINK_CLASSES{{
    {LinkClass::NVLINK, "nvlink"},
    {LinkClass::PCIE, "pcie"},
    {LinkClass::NETWORK, "network"},
}};
constexpr auto VERTEX_KIND_ORDER = core::values_of(VERTEX_KINDS);
constexpr auto SWITCH_TIER_ORDER = core::values_of(SWITCH_TIERS);
constexpr auto LINK_CLASS_ORDER = core::values_of(LINK_CLASSES);

}  // namespace

Fabric::Fabric() = default;
Fabric::~Fabric() = default;
Fabric::Fabric(Fabric&&) noexcept = default;
Fabric& Fabric::operator=(Fabric&&) noexcept = default;

std::size_t Fabric::num_vertices() const {
  return impl_ ? impl_->vertices.size() : 0;
}

std::size_t Fabric::num_links() const {
  return impl_ ? impl_->links.size() : 0;
}

const Vertex& Fabric::vertex(VertexId v) const {
  assert(v < num_vertices());
  return impl_->vertices[v];
}

const Link& Fabric::link(EdgeId e) const {
  assert(e < num_links());
  return impl_->links[e];
}

std::span<const EdgeId> Fabric::links_of(VertexId v) const {
  assert(v < num_vertices());
  return impl_->adjacency.out(v);
}

std::span<const EdgeId> Fabric::links_into(VertexId v) const {
  assert(v < num_vertices());
  return impl_->adjacency.in(v);
}

std::span<const VertexId> Fabric::gpus() const {
  if (!impl_) {
    return {};
  }
  return impl_->gpus;
}

int Fabric::num_nodes() const {
  return impl_ ? impl_->num_nodes : 0;
}

std::optional<VertexId> Fabric::find_vertex(std::string_view name) const {
  if (!impl_) {
    return std::nullopt;
  }
  const auto it = impl_->by_name.find(name);
  if (it == impl_->by_name.end()) {
    return std::nullopt;
  }
  return it->second;
}

void Fabric::set_ecmp_seed(std::uint64_t seed) {
  assert(impl_ && impl_->router.num_paths() == 0);
  impl_->router.set_seed(seed);
}

PathId Fabric::route(VertexId src, VertexId dst, std::uint32_t channel) {
  assert(src < num_vertices() && dst < num_vertices());
  if (src == dst) {
    throw std::invalid_argument(
        fmt::format("no route from '{}' to itself", impl_->vertices[src].name));
  }
  const std::optional<PathId> p = impl_->router.route(src, dst, channel);
  if (!p) {
    throw std::runtime_error(
        fmt::format("no route from '{}' to '{}' (a path may not pass through another GPU)",
                    impl_->vertices[src].name, impl_->vertices[dst].name));
  }
  return *p;
}

std::span<const EdgeId> Fabric::path(PathId p) const {
  assert(p < impl_->router.num_paths());
  return impl_->router.path(p);
}

core::Bandwidth Fabric::path_bottleneck(PathId p) const {
  assert(p < impl_->router.num_paths());
  return impl_->router.bottleneck(p);
}

core::Time Fabric::path_latency(PathId p) const {
  assert(p < impl_->router.num_paths());
  return impl_->router.latency(p);
}

std::size_t Fabric::num_paths() const {
  return impl_ ? impl_->router.num_paths() : 0;
}

std::string_view vertex_kind_name(VertexKind k) {
  return core::name_in(VERTEX_KINDS, k);
}

std::string_view switch_tier_name(SwitchTier t) {
  return core::name_in(SWITCH_TIERS, t);
}

std::string_view link_class_name(LinkClass c) {
  return core::name_in(LINK_CLASSES, c);
}

std::span<const VertexKind> all_vertex_kinds() {
  return VERTEX_KIND_ORDER;
}

std::span<const SwitchTier> switch_tiers() {
  return std::span<const SwitchTier>(SWITCH_TIER_ORDER).subspan(1);  // without NONE
}

std::span<const LinkClass> all_link_classes() {
  return LINK_CLASS_ORDER;
}

}  // namespace collsim::topology
