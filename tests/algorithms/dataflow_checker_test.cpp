#include "algorithms/dataflow_checker.h"

#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "algorithms/schedule_builder.h"

namespace collsim::algorithms {
namespace {

// Hand-built schedules, each a few ops, for which the right verdict is worked out by
// hand in the comments.

const Label L{};

Schedule one_piece(Rank ranks) {
  return Schedule(ranks, {100});
}

std::string what(const DataflowResult& r) {
  return r.violation ? r.violation->what : "";
}

TEST(DataflowChecker, AcceptsTwoRankAllReduce) {
  // 0 -> 1 reduces (rank 1 holds {0,1}), then 1 -> 0 copies it back.
  Schedule s = one_piece(2);
  const OpId a = s.add_send(0, 1, 0, Combine::REDUCE, L, {});
  s.add_send(1, 0, 0, Combine::COPY, L, std::vector<OpId>{a});
  const DataflowResult r = check_dataflow(s);
  EXPECT_TRUE(r.ok()) << r.describe();
  EXPECT_EQ(r.describe(), "ok");
}

TEST(DataflowChecker, RejectsAMissingDependency) {
  // The copy back no longer waits for the reduction into rank 1: it may read rank 1's copy
  // before the fold lands (a read racing with a write), whatever the final state says.
  Schedule s = one_piece(2);
  s.add_send(0, 1, 0, Combine::REDUCE, L, {});
  s.add_send(1, 0, 0, Combine::COPY, L, {});
  const DataflowResult r = check_dataflow(s);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.violation->op, 1u);
  EXPECT_EQ(r.violation->rank, 1u);
  EXPECT_EQ(r.violation->piece, 0u);
  EXPECT_NE(what(r).find("reads rank 1's copy of piece 0 written by op 0"), std::string::npos)
      << r.describe();
}

TEST(DataflowChecker, RejectsADroppedSend) {
  // Without the copy back, rank 0 ends holding only its own contribution.
  Schedule s = one_piece(2);
  s.add_send(0, 1, 0, Combine::REDUCE, L, {});
  const DataflowResult r = check_dataflow(s);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.violation->op, NO_OP);
  EXPECT_EQ(r.violation->rank, 0u);
  EXPECT_EQ(r.describe(),
            "final state: rank 0 ends with piece 0 holding {0} instead of {0, 1} (missing {1}, "
            "extra nothing)");
}

TEST(DataflowChecker, RejectsADoubleReduction) {
  // Rank 1 holds {0,1} after op 0; reducing that into rank 0, which holds {0}, counts rank
  // 0's contribution twice.
  Schedule s = one_piece(2);
  const OpId a = s.add_send(0, 1, 0, Combine::REDUCE, L, {});
  s.add_send(1, 0, 0, Combine::REDUCE, L, std::vector<OpId>{a});
  const DataflowResult r = check_dataflow(s);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.violation->op, 1u);
  EXPECT_NE(what(r).find("double reduction: rank 0's copy of piece 0 already holds {0} and the "
                         "incoming data holds {0, 1} (overlap {0})"),
            std::string::npos)
      << r.describe();
}

TEST(DataflowChecker, RejectsAWriteRacingWithAnEarlierRead) {
  // op 0 reads rank 1 (sends {1} to rank 2) while op 1 reduces rank 0's data into rank 1,
  // unordered. In id order op 0 reads {1} and the end state is right (every rank ends with
  // {0,1,2}), but if op 1 lands first op 0 carries {0,1} and op 2 double-counts rank 0:
  // right only by luck of timing, so op 1 is the violation.
  Schedule s = one_piece(3);
  const OpId a = s.add_send(1, 2, 0, Combine::REDUCE, L, {});
  s.add_send(0, 1, 0, Combine::REDUCE, L, {});
  const OpId c = s.add_send(2, 0, 0, Combine::REDUCE, L, std::vector<OpId>{a});
  s.add_send(0, 1, 0, Combine::COPY, L, std::vector<OpId>{c});
  s.add_send(0, 2, 0, Combine::COPY, L, std::vector<OpId>{c});
  const DataflowResult r = check_dataflow(s);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.violation->op, 1u);
  EXPECT_EQ(r.violation->rank, 1u);
  EXPECT_NE(what(r).find("writes rank 1's copy of piece 0 while op 0 (reducing send 1 -> 2, "
                         "piece 0) may still be reading it"),
            std::string::npos)
      << r.describe();
}

TEST(DataflowChecker, LetsFoldsIntoOneCopyCommute) {
  // Ranks 1 and 2 reduce into rank 0 at once (a binary tree's children); rank 0 forwards
  // only after both. Reductions commute, so the two unordered folds are fine.
  Schedule s = one_piece(3);
  const OpId a = s.add_send(1, 0, 0, Combine::REDUCE, L, {});
  const OpId b = s.add_send(2, 0, 0, Combine::REDUCE, L, {});
  s.add_send(0, 1, 0, Combine::COPY, L, std::vector<OpId>{a, b});
  s.add_send(0, 2, 0, Combine::COPY, L, std::vector<OpId>{a, b});
  EXPECT_TRUE(check_dataflow(s).ok()) << check_dataflow(s).describe();

  // Forwarding after only one of them reads while the other may still be landing.
  Schedule t = one_piece(3);
  const OpId c = t.add_send(1, 0, 0, Combine::REDUCE, L, {});
  t.add_send(2, 0, 0, Combine::REDUCE, L, {});
  t.add_send(0, 1, 0, Combine::COPY, L, std::vector<OpId>{c});
  const DataflowResult r = check_dataflow(t);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.violation->op, 2u);
  EXPECT_NE(what(r).find("written by op 1"), std::string::npos) << r.describe();
}

TEST(DataflowChecker, ReduceOpsMoveTheWriteToTheirEnd) {
  // With a REDUCE op the fold lands when the REDUCE op ends: a copy back that waits only for
  // the send reads before the fold.
  Schedule s = one_piece(2);
  const OpId a = s.add_send(0, 1, 0, Combine::REDUCE, L, {});
  const OpId b = s.add_reduce(1, 0, L, std::vector<OpId>{a});
  s.add_send(1, 0, 0, Combine::COPY, L, std::vector<OpId>{b});
  EXPECT_TRUE(check_dataflow(s).ok()) << check_dataflow(s).describe();

  Schedule t = one_piece(2);
  const OpId c = t.add_send(0, 1, 0, Combine::REDUCE, L, {});
  t.add_reduce(1, 0, L, std::vector<OpId>{c});
  t.add_send(1, 0, 0, Combine::COPY, L, std::vector<OpId>{c});
  const DataflowResult r = check_dataflow(t);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.violation->op, 2u);
  EXPECT_NE(what(r).find("written by op 1 (reduce on rank 1, piece 0)"), std::string::npos)
      << r.describe();
}

TEST(DataflowChecker, RejectsReduceOpsThatFoldNothingOrTwice) {
  Schedule s = one_piece(2);
  s.add_reduce(1, 0, L, {});
  const DataflowResult r = check_dataflow(s);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.violation->op, 0u);
  EXPECT_NE(what(r).find("folds nothing"), std::string::npos) << r.describe();

  Schedule t = one_piece(2);
  const OpId a = t.add_send(0, 1, 0, Combine::REDUCE, L, {});
  t.add_reduce(1, 0, L, std::vector<OpId>{a});
  t.add_reduce(1, 0, L, std::vector<OpId>{a});
  const DataflowResult r2 = check_dataflow(t);
  ASSERT_FALSE(r2.ok());
  EXPECT_EQ(r2.violation->op, 2u);
  EXPECT_NE(what(r2).find("which op 1 (reduce on rank 1, piece 0) already folds"),
            std::string::npos)
      << r2.describe();
}

TEST(DataflowChecker, ChecksEveryLeafOfACompositePiece) {
  // Leaves 0 and 1 and their composite 2: reduce both into rank 1 in one send, copy each
  // back separately; dropping the copy of leaf 1 leaves rank 0 without it.
  auto build = [](bool both) {
    Schedule s(2, {60, 40});
    const PieceId whole = s.add_composite(0, 2);
    EXPECT_EQ(whole, 2u);
    EXPECT_EQ(s.piece_bytes(whole), 100);
    EXPECT_EQ(s.total_bytes(), 100);
    const OpId a = s.add_send(0, 1, whole, Combine::REDUCE, L, {});
    s.add_send(1, 0, 0, Combine::COPY, L, std::vector<OpId>{a});
    if (both) {
      s.add_send(1, 0, 1, Combine::COPY, L, std::vector<OpId>{a});
    }
    return s;
  };
  EXPECT_TRUE(check_dataflow(build(true)).ok()) << check_dataflow(build(true)).describe();
  const DataflowResult r = check_dataflow(build(false));
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.violation->rank, 0u);
  EXPECT_EQ(r.violation->piece, 1u);
}

TEST(DataflowChecker, AllGatherAndBroadcastStartWithTheOwnersDataOnly) {
  // AllGather on two ranks: leaf 0 is rank 0's, leaf 1 rank 1's.
  Schedule s(2, {10, 10});
  s.set_collective(Collective::ALL_GATHER, {0, 1});
  s.add_send(0, 1, 0, Combine::COPY, L, {});
  s.add_send(1, 0, 1, Combine::COPY, L, {});
  EXPECT_TRUE(check_dataflow(s).ok()) << check_dataflow(s).describe();

  // Rank 1 forwarding leaf 0 to rank 0 before anything reached it sends nothing.
  Schedule t(2, {10, 10});
  t.set_collective(Collective::ALL_GATHER, {0, 1});
  t.add_send(1, 0, 0, Combine::COPY, L, {});
  const DataflowResult r = check_dataflow(t);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.violation->op, 0u);
  EXPECT_NE(what(r).find("which holds no data"), std::string::npos) << r.describe();

  // Broadcast from rank 1 over three ranks as a chain 1 -> 2 -> 0.
  Schedule b = one_piece(3);
  b.set_collective(Collective::BROADCAST, {1});
  const OpId a = b.add_send(1, 2, 0, Combine::COPY, L, {});
  b.add_send(2, 0, 0, Combine::COPY, L, std::vector<OpId>{a});
  EXPECT_TRUE(check_dataflow(b).ok()) << check_dataflow(b).describe();
}

TEST(DataflowChecker, ReduceAndReduceScatterOnlyConstrainTheOwner) {
  // Reduce to rank 2 over a chain 0 -> 1 -> 2: ranks 0 and 1 end with partial sums, fine.
  Schedule s = one_piece(3);
  s.set_collective(Collective::REDUCE, {2});
  const OpId a = s.add_send(0, 1, 0, Combine::REDUCE, L, {});
  s.add_send(1, 2, 0, Combine::REDUCE, L, std::vector<OpId>{a});
  EXPECT_TRUE(check_dataflow(s).ok()) << check_dataflow(s).describe();

  // ReduceScatter on two ranks, leaf 0 owned by rank 1 and leaf 1 by rank 0, but each
  // reduced to the wrong rank.
  Schedule t(2, {5, 5});
  t.set_collective(Collective::REDUCE_SCATTER, {1, 0});
  t.add_send(1, 0, 0, Combine::REDUCE, L, {});
  t.add_send(0, 1, 1, Combine::REDUCE, L, {});
  const DataflowResult r = check_dataflow(t);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.describe(),
            "final state: rank 0 ends with piece 1 holding {0} instead of {0, 1} (missing {1}, "
            "extra nothing)");
}

TEST(DataflowChecker, ReportsStructuralErrorsAsViolations) {
  Schedule s = one_piece(2);
  s.add_send(0, 1, 0, Combine::REDUCE, L, std::vector<OpId>{3});
  DataflowResult r = check_dataflow(s);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(what(r).find("dependency 3 is not an earlier op"), std::string::npos);

  Schedule t = one_piece(2);
  t.add_send(0, 5, 0, Combine::REDUCE, L, {});
  r = check_dataflow(t);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(what(r).find("out of range"), std::string::npos);

  Schedule u = one_piece(2);
  u.add_send(0, 1, 7, Combine::REDUCE, L, {});
  r = check_dataflow(u);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(what(r).find("piece 7 does not exist"), std::string::npos);
}

TEST(DataflowChecker, OrderingThroughALongPathCounts) {
  // Rank 0's read of its copy (op 0) and the overwrite of that copy (op 2) are ordered
  // only through ranks 1 and 2: 0 -> 1 -> 2 -> 0.
  Schedule s = one_piece(3);
  const OpId a = s.add_send(0, 1, 0, Combine::REDUCE, L, {});
  const OpId b = s.add_send(1, 2, 0, Combine::REDUCE, L, std::vector<OpId>{a});
  s.add_send(2, 0, 0, Combine::COPY, L, std::vector<OpId>{b});
  s.add_send(2, 1, 0, Combine::COPY, L, std::vector<OpId>{b});
  const DataflowResult r = check_dataflow(s);
  EXPECT_TRUE(r.ok()) << r.describe();
}

}  // namespace
}  // namespace collsim::algorithms
