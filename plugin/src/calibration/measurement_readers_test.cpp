#include <hbcast/calibration/measurement_readers.hpp>

#include <gtest/gtest.h>

#include <string>

namespace hbcast::calibration {
namespace {

// The one-line error a reader gives, or "" when it reads the text.
template <class Read>
std::string error_of(Read read)
{
  try {
    read();
  } catch (const MeasurementError& error) {
    return error.what();
  }
  return "";
}

// ---------------------------------------------------------------- hbcast-probe CSV

const char* const kProbeCsv =
    "# hbcast-probe 1: 3 ranks\n"
    "kind,test,src_rank,dst_rank,src_host,dst_host,bytes,messages,repetitions,median_s,min_s,max_s\n"
    "pingpong,,0,1,a,b,1,1,5,1.0e-05,0.9e-05,1.1e-05\n"
    "pingpong,,0,1,a,b,1024,1,5,2.0e-05,2.0e-05,2.0e-05\n"
    "pingpong,,0,2,a,c,1,1,5,3.0e-05,3.0e-05,3.0e-05\n"
    "concurrent,ring:1,0,1,a,b,4194304,4,1,0.5,0.5,0.5\n"
    "concurrent,ring:1,1,2,b,c,4194304,4,1,0.25,0.25,0.25\n";

TEST(ProbeCsv, ReadsPairsAndConcurrentTests)
{
  const auto set = read_hbcast_probe_csv(kProbeCsv, "probe.csv");
  ASSERT_EQ(set.hosts(), (std::vector<std::string>{"a", "b", "c"}));
  ASSERT_EQ(set.samples.size(), 3u);
  EXPECT_EQ(set.samples[1].bytes, 1024);
  EXPECT_DOUBLE_EQ(set.samples[1].seconds, 2e-5);
  EXPECT_EQ(set.samples[0].repetitions, 5u);
  EXPECT_EQ(set.samples[0].where.line, 3u);
  EXPECT_EQ(set.samples[0].kind, SampleKind::half_round_trip);
  ASSERT_EQ(set.tests.size(), 1u);
  ASSERT_EQ(set.tests[0].flows.size(), 2u);
  // 4 messages of 4 MiB in 0.25 s: 64 MiB/s.
  EXPECT_DOUBLE_EQ(set.tests[0].flows[1].rate(), 4194304.0 * 4 / 0.25);
}

TEST(ProbeCsv, RanksSharingAProcessorNameBecomeHostsOfTheirOwn)
{
  const auto set = read_hbcast_probe_csv("kind,src_rank,dst_rank,src_host,dst_host,bytes,median_s\n"
                                         "pingpong,0,1,box,box,1,1e-6\n"
                                         "pingpong,0,2,box,other,1,1e-6\n",
                                         "p.csv");
  EXPECT_EQ(set.hosts(), (std::vector<std::string>{"box_r0", "box_r1", "other"}));
  ASSERT_EQ(set.notes.size(), 1u);
}

TEST(ProbeCsv, RefusesBadDataWithFileAndLine)
{
  const std::string header = "kind,test,src_rank,dst_rank,src_host,dst_host,bytes,messages,repetitions,median_s\n";
  EXPECT_EQ(error_of([&] { read_hbcast_probe_csv(header + "pingpong,,0,1,a,b,1,1,5,nan\n", "p.csv"); }),
            "p.csv:2: time median_s 'nan' is not a finite number");
  EXPECT_EQ(error_of([&] { read_hbcast_probe_csv(header + "pingpong,,0,1,a,b,1,1,5,-1e-6\n", "p.csv"); }),
            "p.csv:2: time median_s -1e-6 is negative");
  EXPECT_EQ(error_of([&] { read_hbcast_probe_csv(header + "pingpong,,0,1,a,b,0,1,5,0\n", "p.csv"); }),
            "p.csv:2: time median_s 0 is not positive");
  // A column named twice: the fields of a short row were read past its end.
  EXPECT_EQ(error_of([] {
              read_hbcast_probe_csv("kind,src_rank,dst_rank,src_host,dst_host,bytes,median_s,bytes\n"
                                    "pingpong,0,1,a,b,1,1e-6\n",
                                    "p.csv");
            }),
            "p.csv:1: the header names column 'bytes' twice");
  EXPECT_EQ(error_of([&] {
              read_hbcast_probe_csv(header + "pingpong,,0,1,a,b,64,1,5,1e-6\npingpong,,0,1,a,b,8,1,5,1e-6\n", "p.csv");
            }),
            "p.csv:3: sizes out of order: 8 bytes after 64 for a - b");
  EXPECT_EQ(error_of([&] {
              read_hbcast_probe_csv(header + "pingpong,,0,1,a,b,8,1,5,1e-6\npingpong,,1,0,b,a,8,1,5,1e-6\n", "p.csv");
            }),
            "p.csv:3: measures b - a at 8 bytes again (line 2)");
  EXPECT_EQ(error_of([&] { read_hbcast_probe_csv(header + "pingpong,,0,1,a,b,1,1,5\n", "p.csv"); }),
            "p.csv:2: has 9 fields, the header 10");
  EXPECT_EQ(error_of([&] { read_hbcast_probe_csv(header + "bounce,,0,1,a,b,1,1,5,1\n", "p.csv"); }),
            "p.csv:2: unknown kind 'bounce' (pingpong or concurrent)");
  EXPECT_EQ(error_of([&] {
              read_hbcast_probe_csv(header + "pingpong,,0,1,a,b,1,1,5,1\npingpong,,0,2,x,c,1,1,5,1\n", "p.csv");
            }),
            "p.csv:3: rank 0 is on host 'x' here and on 'a' at line 2");
  EXPECT_EQ(error_of([&] { read_hbcast_probe_csv("size,time\n1,2\n", "p.csv"); }),
            "p.csv:1: the header has no column 'kind' (an hbcast-probe CSV starts with kind,test,...)");
  EXPECT_EQ(error_of([&] { read_hbcast_probe_csv("# only comments\n", "p.csv"); }),
            "p.csv: is empty: no header line kind,test,src_rank,... (not an hbcast-probe CSV)");
  EXPECT_EQ(error_of([&] { read_hbcast_probe_csv(header + "pingpong,,1,1,a,a,1,1,5,1\n", "p.csv"); }),
            "p.csv:2: measures rank 1 against itself");
}

// ---------------------------------------------------------------- OSU

// osu_latency 5.6.3 as it prints (sizes from 0, two decimals, the Size header of 5.x).
const char* const kOsuLatency5 =
    "# OSU MPI Latency Test v5.6.3\n"
    "# Size          Latency (us)\n"
    "0                       1.52\n"
    "1                       1.55\n"
    "2                       1.55\n"
    "4194304               812.31\n";

// osu_latency 7.3 prints the datatype line first and "Avg Latency(us)"; 7.5 adds a validation column.
const char* const kOsuLatency7 =
    "# OSU MPI Latency Test v7.5\n"
    "# Datatype: MPI_CHAR.\n"
    "# Size       Avg Latency(us)        Validation\n"
    "1                       3.00              Pass\n"
    "2                       2.99              Pass\n"
    "4                       2.99              Fail\n";

TEST(OsuOutput, ReadsLatencyOfVersions5And7)
{
  const auto five = read_osu_output(kOsuLatency5, "lat.txt", {{"n1", "n2"}});
  ASSERT_EQ(five.samples.size(), 4u);
  EXPECT_EQ(five.hosts(), (std::vector<std::string>{"n1", "n2"}));
  EXPECT_EQ(five.samples[0].bytes, 0);
  EXPECT_DOUBLE_EQ(five.samples[3].seconds, 812.31e-6);
  EXPECT_EQ(five.samples[3].kind, SampleKind::half_round_trip);
  const auto seven = read_osu_output(kOsuLatency7, "lat7.txt");
  ASSERT_EQ(seven.samples.size(), 3u);
  EXPECT_EQ(seven.hosts(), (std::vector<std::string>{"node-0", "node-1"}));  // unnamed: a note says so
  EXPECT_DOUBLE_EQ(seven.samples[1].seconds, 2.99e-6);
  EXPECT_EQ(seven.notes.size(), 2u);  // unnamed hosts; the failed validation
}

TEST(OsuOutput, ReadsBandwidthAndBidirectionalBandwidth)
{
  const auto bw = read_osu_output("# OSU MPI Bandwidth Test v7.1\n# Datatype: MPI_CHAR.\n"
                                  "# Size      Bandwidth (MB/s)\n1                       3.45\n"
                                  "4194304             23012.88\n",
                                  "bw.txt", {{"a", "b"}});
  ASSERT_EQ(bw.samples.size(), 2u);
  EXPECT_EQ(bw.samples[1].kind, SampleKind::streaming);
  EXPECT_EQ(bw.samples[1].src, 0u);
  EXPECT_DOUBLE_EQ(bw.samples[1].seconds, 4194304 / 23012.88e6);
  const auto bibw = read_osu_output("# OSU MPI Bi-Directional Bandwidth Test v5.4.0\n"
                                    "# Size      Bandwidth (MB/s)\n1048576          2000.00\n",
                                    "bibw.txt", {{"a", "b"}});
  ASSERT_EQ(bibw.samples.size(), 2u);  // both directions, half the figure each
  EXPECT_DOUBLE_EQ(bibw.samples[0].seconds, 1048576 / 1000e6);
  EXPECT_EQ(bibw.samples[1].src, 1u);
}

// osu_mbw_mr as OSU 7.x prints it: rank i < P streams a window of W messages to rank i + P, the
// table gives the pairs' aggregate (MB/s of 10^6 bytes).
TEST(OsuOutput, ReadsMultiPairBandwidthAsConcurrentFlows)
{
  const auto set = read_osu_output("# OSU MPI Multiple Bandwidth / Message Rate Test v7.3\n"
                                   "# [ pairs: 2 ] [ window size: 64 ]\n"
                                   "# Datatype: MPI_CHAR.\n"
                                   "# Size                  MB/s        Messages/s\n"
                                   "1                       5.41        5407528.94\n"
                                   "4194304              2339.76            557.84\n",
                                   "mbw.txt", {{"a", "b", "c", "d"}});
  EXPECT_TRUE(set.samples.empty());
  ASSERT_EQ(set.tests.size(), 2u);
  const auto& flows = set.tests[1].flows;
  ASSERT_EQ(flows.size(), 2u);
  // a -> c and b -> d, each at half the aggregate: 4 MiB x 64 messages at 1169.88 MB/s.
  EXPECT_EQ(set.hosts()[flows[0].src], "a");
  EXPECT_EQ(set.hosts()[flows[0].dst], "c");
  EXPECT_EQ(set.hosts()[flows[1].src], "b");
  EXPECT_EQ(set.hosts()[flows[1].dst], "d");
  EXPECT_DOUBLE_EQ(flows[1].messages, 64);
  EXPECT_FALSE(flows[1].pays_latency);
  EXPECT_DOUBLE_EQ(flows[1].rate(), 1169.88e6);
  // A stream of empty messages shows no bandwidth: a 0-byte row is passed over.
  const auto empty = read_osu_output("# OSU MPI Bandwidth Test v7.3\n# Size  Bandwidth (MB/s)\n0  0.50\n1  2.71\n",
                                     "zero.txt", {{"a", "b"}});
  ASSERT_EQ(empty.samples.size(), 1u);
  EXPECT_DOUBLE_EQ(empty.samples[0].bytes, 1);
}

TEST(OsuOutput, ReadsMultiPairBandwidthOfOnePairAndOfVariedWindows)
{
  // 5.x, one pair: a stream from rank 0 to rank 1, as osu_bw.
  const auto one = read_osu_output("# OSU MPI Multiple Bandwidth / Message Rate Test v5.6.3\n"
                                   "# [ pairs: 1 ] [ window size: 64 ]\n"
                                   "# Size                  MB/s        Messages/s\n"
                                   "1048576              1000.00            953.67\n",
                                   "one.txt", {{"a", "b"}});
  ASSERT_EQ(one.samples.size(), 1u);
  EXPECT_EQ(one.samples[0].kind, SampleKind::streaming);
  EXPECT_DOUBLE_EQ(one.samples[0].seconds, 1048576 / 1000e6);
  // -v: a column per window size (the largest is read), then the message rates, not read.
  const auto varied = read_osu_output("hosts: a b c d\n"
                                      "# OSU MPI Multiple Bandwidth / Message Rate Test v7.3\n"
                                      "# [ pairs: 2 ] [ window size: varied ]\n"
                                      "\n# Uni-directional Bandwidth (MB/sec)\n"
                                      "# Datatype: MPI_CHAR.\n"
                                      "#               1           2           4\n"
                                      "1048576     100.00      200.00      400.00\n"
                                      "\n# Message Rate Profile\n"
                                      "#               1           2           4\n"
                                      "1048576      95.37      190.73      381.47\n",
                                      "varied.txt");
  ASSERT_EQ(varied.tests.size(), 1u);
  EXPECT_DOUBLE_EQ(varied.tests[0].flows[0].messages, 4);
  EXPECT_DOUBLE_EQ(varied.tests[0].flows[0].rate(), 200e6);
  EXPECT_EQ(error_of([] {
              read_osu_output("# OSU MPI Multiple Bandwidth / Message Rate Test v7.3\n"
                              "# [ pairs: 2 ] [ window size: 64 ]\n# Size  MB/s\n1 5.0\n",
                              "few.txt", {{"a", "b", "c"}});
            }),
            "few.txt:2: 2 pairs need 4 hosts (rank i sends to rank i + 2); 3 named");
  EXPECT_EQ(error_of([] {
              read_osu_output("# OSU MPI Multiple Bandwidth / Message Rate Test v7.3\n"
                              "# [ pairs: 18446744073709551616 ] [ window size: 64 ]\n# Size  MB/s\n1 5.0\n",
                              "big.txt");
            }),
            "big.txt:2: the count of pairs '18446744073709551616' is not a whole number below 2^64");
  EXPECT_EQ(error_of([] {
              read_osu_output("# OSU MPI Multiple Bandwidth / Message Rate Test v7.3\n# Size  MB/s\n1 5.0\n",
                              "nopairs.txt");
            }),
            "nopairs.txt:2: osu_mbw_mr's table comes before its '# [ pairs: P ] [ window size: W ]' line");
}

TEST(OsuOutput, ReadsOnlyTheFirstDatatypeBlock)
{
  // OSU 7.x -T mpi_char,mpi_int: a block per datatype, the sizes starting again in each.
  const auto set = read_osu_output("# OSU MPI Latency Test v7.3\n"
                                   "# Datatype: MPI_CHAR.\n# Size       Avg Latency(us)\n1  2.00\n8  2.10\n"
                                   "# Datatype: MPI_INT.\n# Size       Avg Latency(us)\n4  2.05\n8  2.12\n",
                                   "types.txt", {{"a", "b"}});
  ASSERT_EQ(set.samples.size(), 2u);
  EXPECT_DOUBLE_EQ(set.samples[1].seconds, 2.10e-6);
  ASSERT_EQ(set.notes.size(), 1u);
  EXPECT_NE(set.notes[0].find("MPI_INT"), std::string::npos);
}

TEST(OsuOutput, ReadsAHostListOfLabelledRuns)
{
  // A loop over pairs, each run named by a line before it (any of the documented forms), with
  // launcher noise and srun --label prefixes on the lines.
  const std::string text = std::string("hosts: n01 n02\n") + kOsuLatency5 +
                           "[n01:1234] SET UCX_NET_DEVICES=mlx5_0:1\n"
                           "n01 -> n03\n" +
                           kOsuLatency5 +
                           "0: # pair: n02,n03\n"
                           "0: # OSU MPI Latency Test v5.6.3\n"
                           "0: # Size          Latency (us)\n"
                           "0: 1                       1.60\n";
  const auto set = read_osu_output(text, "list.txt");
  EXPECT_EQ(set.hosts(), (std::vector<std::string>{"n01", "n02", "n03"}));
  ASSERT_EQ(set.samples.size(), 9u);
  EXPECT_EQ(set.samples[4].dst, 2u);
  EXPECT_EQ(set.samples[8].src, 1u);
  EXPECT_DOUBLE_EQ(set.samples[8].seconds, 1.6e-6);
}

TEST(OsuOutput, RefusesBadData)
{
  EXPECT_EQ(error_of([] { read_osu_output(std::string(kOsuLatency5) + kOsuLatency5, "two.txt"); }),
            "two.txt:7: a second OSU run without a line naming its hosts ('hosts: A B' before each run; "
            "docs/calibration.md)");
  EXPECT_EQ(error_of([] {
              read_osu_output("# OSU MPI Latency Test v5.6.3\n# Size          Latency (us)\n8  1.0\n4  1.0\n", "o.txt");
            }),
            "o.txt:4: sizes out of order: 4 bytes after 8");
  EXPECT_EQ(error_of([] {
              read_osu_output("# OSU MPI Latency Test v5.6.3\n# Size          Latency (us)\n8  -nan\n", "o.txt");
            }),
            "o.txt:3: latency '-nan' is not a finite number");
  EXPECT_EQ(error_of([] {
              read_osu_output("# OSU MPI Bandwidth Test v5.6.3\n# Size      Bandwidth (MB/s)\n8  0.00\n", "o.txt");
            }),
            "o.txt:3: bandwidth 0.00 MB/s is not positive");
  // A latency of 0 (below the 0.01 us OSU prints) is no sample to fit, as a bandwidth of 0.
  EXPECT_EQ(error_of([] {
              read_osu_output("# OSU MPI Latency Test v5.6.3\n# Size          Latency (us)\n0  0.00\n", "o.txt");
            }),
            "o.txt:3: latency 0.00 is not positive");
  EXPECT_EQ(error_of([] { read_osu_output("# OSU MPI Latency Test v5.6.3\n# Size          Latency (us)\n", "o.txt"); }),
            "o.txt:1: the OSU Latency test has no measurement under it");
  EXPECT_EQ(error_of([] { read_osu_output("1 2\n", "o.txt"); }),
            "o.txt:1: a measurement before any '# OSU MPI ... Test' header");
  EXPECT_EQ(error_of([] { read_osu_output("# OSU MPI Allreduce Latency Test v7.1\n# Size  Avg Latency(us)\n4 5.0\n", "o.txt"); }),
            "o.txt: holds no OSU Latency, Bandwidth or Bi-Directional Bandwidth test");
  EXPECT_EQ(error_of([] { read_osu_output("hosts: a a\n# OSU MPI Latency Test v5.6.3\n# Size  Latency (us)\n1 1\n", "o.txt"); }),
            "o.txt:2: the run's two ranks are both on 'a': not a network measurement");
}

// ---------------------------------------------------------------- IMB-MPI1

const char* const kImbPingPong =
    "#------------------------------------------------------------\n"
    "#    Intel(R) MPI Benchmarks 2021.3, MPI-1 part\n"
    "#------------------------------------------------------------\n"
    "# Date                  : Thu Jun 10 10:12:12 2021\n"
    "# MPI Version           : 3.1\n"
    "\n"
    "# Calling sequence was: \n"
    "\n"
    "# IMB-MPI1 PingPong Sendrecv Barrier\n"
    "\n"
    "# Minimum message length in bytes:   0\n"
    "# Maximum message length in bytes:   4194304\n"
    "#\n"
    "# List of Benchmarks to run:\n"
    "\n"
    "# PingPong\n"
    "# Sendrecv\n"
    "# Barrier\n"
    "\n"
    "#---------------------------------------------------\n"
    "# Benchmarking PingPong \n"
    "# #processes = 2 \n"
    "# ( 2 additional processes waiting in MPI_Barrier)\n"
    "#---------------------------------------------------\n"
    "       #bytes #repetitions      t[usec]   Mbytes/sec\n"
    "            0         1000         2.23         0.00\n"
    "            1         1000         2.26         0.44\n"
    "      4194304           10       712.08      5890.20\n"
    "\n"
    "#-----------------------------------------------------------------------------\n"
    "# Benchmarking Sendrecv \n"
    "# #processes = 2 \n"
    "# ( 2 additional processes waiting in MPI_Barrier)\n"
    "#-----------------------------------------------------------------------------\n"
    "       #bytes #repetitions  t_min[usec]  t_max[usec]  t_avg[usec]   Mbytes/sec\n"
    "            0         1000         2.60         2.61         2.60         0.00\n"
    "      4194304           10       720.01       720.03       720.02     11650.61\n"
    "\n"
    "#-----------------------------------------------------------------------------\n"
    "# Benchmarking Sendrecv \n"
    "# #processes = 4 \n"
    "#-----------------------------------------------------------------------------\n"
    "       #bytes #repetitions  t_min[usec]  t_max[usec]  t_avg[usec]   Mbytes/sec\n"
    "            0         1000         3.10         3.20         3.15         0.00\n"
    "      4194304           10      1400.00      1450.00      1420.00      5785.24\n"
    "\n"
    "#---------------------------------------------------\n"
    "# Benchmarking Barrier \n"
    "# #processes = 4 \n"
    "#---------------------------------------------------\n"
    " #repetitions  t_min[usec]  t_max[usec]  t_avg[usec]\n"
    "         1000         5.10         5.20         5.15\n"
    "\n"
    "\n"
    "# All processes entering MPI_Finalize\n";

TEST(ImbOutput, ReadsPingPongSendrecvPairsAndRings)
{
  const auto set = read_imb_output(kImbPingPong, "imb.txt", {{"c0", "c1", "c2", "c3"}});
  EXPECT_EQ(set.hosts(), (std::vector<std::string>{"c0", "c1", "c2", "c3"}));
  // PingPong: 3 half round trips 0 - 1; Sendrecv with 2 processes: 2 sizes x 2 directions.
  ASSERT_EQ(set.samples.size(), 7u);
  EXPECT_DOUBLE_EQ(set.samples[2].seconds, 712.08e-6);
  EXPECT_EQ(set.samples[3].kind, SampleKind::exchange);
  EXPECT_DOUBLE_EQ(set.samples[5].seconds, 720.02e-6);  // t_avg
  // Sendrecv with 4 processes: a ring 0 -> 1 -> 2 -> 3 -> 0 at 4 MiB (the 0-byte row carries no rate).
  ASSERT_EQ(set.tests.size(), 1u);
  ASSERT_EQ(set.tests[0].flows.size(), 4u);
  EXPECT_EQ(set.tests[0].flows[3].src, 3u);
  EXPECT_EQ(set.tests[0].flows[3].dst, 0u);
  ASSERT_EQ(set.notes.size(), 1u);  // Barrier skipped
  EXPECT_NE(set.notes[0].find("Barrier"), std::string::npos);
}

TEST(ImbOutput, ReadsMultiGroupTables)
{
  const char* const multi =
      "#    Intel(R) MPI Benchmarks 2019 Update 6, MPI-1 part\n"
      "#-----------------------------------------------------------------------------\n"
      "# Benchmarking Multi-PingPong \n"
      "# ( 2 groups of 2 processes each running simultaneous ) \n"
      "# Group  0:     0    1 \n"
      "#\n"
      "# Group  1:     2    3 \n"
      "#\n"
      "#-----------------------------------------------------------------------------\n"
      "        Group       #bytes #repetitions      t[usec]   Mbytes/sec\n"
      "\n"
      "            0      1048576           40       500.00      2097.15\n"
      "            1      1048576           40       520.00      2016.49\n";
  const auto set = read_imb_output(multi, "multi.txt");
  ASSERT_EQ(set.tests.size(), 1u);
  ASSERT_EQ(set.tests[0].flows.size(), 2u);
  EXPECT_EQ(set.tests[0].flows[1].src, 2u);
  EXPECT_DOUBLE_EQ(set.tests[0].flows[1].seconds, 520e-6);
}

TEST(ImbOutput, ReadsPingPingAsAnExchangeAndSkipsExchange)
{
  const char* const text =
      "#    Intel(R) MPI Benchmarks 2021.3, MPI-1 part\n"
      "#-----------------------------------------------------------------------------\n"
      "# Benchmarking PingPing \n"
      "# #processes = 2 \n"
      "#-----------------------------------------------------------------------------\n"
      "       #bytes #repetitions      t[usec]   Mbytes/sec\n"
      "      1048576           40       908.00      1154.81\n"
      "\n"
      "#-----------------------------------------------------------------------------\n"
      "# Benchmarking Exchange \n"
      "# #processes = 2 \n"
      "#-----------------------------------------------------------------------------\n"
      "       #bytes #repetitions  t_min[usec]  t_max[usec]  t_avg[usec]   Mbytes/sec\n"
      "      1048576           40      1804.00      1804.00      1804.00      2325.03\n";
  const auto set = read_imb_output(text, "pp.txt", {{"a", "b"}});
  ASSERT_EQ(set.samples.size(), 2u);  // both directions at once
  EXPECT_EQ(set.samples[0].kind, SampleKind::exchange);
  EXPECT_EQ(set.samples[1].src, 1u);
  EXPECT_DOUBLE_EQ(set.samples[1].seconds, 908e-6);
  EXPECT_TRUE(set.tests.empty());
  ASSERT_EQ(set.notes.size(), 1u);
  EXPECT_NE(set.notes[0].find("IMB Exchange skipped"), std::string::npos);
}

TEST(ImbOutput, ReadsRankOrderOfMapAndGroupListsOverSeveralRows)
{
  // -map 2x2: the communicator's ranks in order, as IMB prints them (a row, then "# ").
  const char* const mapped =
      "#    Intel(R) MPI Benchmarks 2021.3, MPI-1 part\n"
      "# Benchmarking PingPong \n"
      "# #processes = 2; rank order (rowwise): \n"
      "#     0    2\n"
      "# \n"
      "#-----------------------------------------------------------------------------\n"
      "       #bytes #repetitions      t[usec]   Mbytes/sec\n"
      "         1024         1000        12.00        85.33\n";
  const auto set = read_imb_output(mapped, "map.txt", {{"a", "b", "c", "d"}});
  ASSERT_EQ(set.samples.size(), 1u);
  EXPECT_EQ(set.hosts()[set.samples[0].src], "a");
  EXPECT_EQ(set.hosts()[set.samples[0].dst], "c");
  // -multi 1 with groups of 18: IMB prints 16 ranks a row.
  std::string rows = "#    Intel(R) MPI Benchmarks 2021.3, MPI-1 part\n# Benchmarking Multi-Sendrecv \n"
                     "# ( 2 groups of 18 processes each running simultaneous ) \n";
  for (int g = 0; g < 2; ++g) {
    rows += "# Group  " + std::to_string(g) + ":";
    for (int r = 0; r < 16; ++r)
      rows += "  " + std::to_string(18 * g + r);
    rows += "\n#   " + std::to_string(18 * g + 16) + "   " + std::to_string(18 * g + 17) + "\n# \n";
  }
  rows += "        Group       #bytes #repetitions  t_min[usec]  t_max[usec]  t_avg[usec]   Mbytes/sec\n"
          "            0      1048576           40       908.00       908.00       908.00      2309.62\n"
          "            1      1048576           40       908.00       908.00       908.00      2309.62\n";
  const auto multi = read_imb_output(rows, "rows.txt");
  ASSERT_EQ(multi.tests.size(), 1u);
  ASSERT_EQ(multi.tests[0].flows.size(), 36u);  // two rings of 18
  EXPECT_EQ(multi.hosts()[multi.tests[0].flows[35].src], "node-35");
  EXPECT_EQ(multi.hosts()[multi.tests[0].flows[35].dst], "node-18");
  std::string short_group = rows;
  short_group.replace(short_group.find("#   16   17\n"), 12, "");
  EXPECT_EQ(error_of([&] { read_imb_output(short_group, "short.txt"); }),
            "short.txt:9: an IMB group lists 16 ranks for 18 processes");
}

TEST(ImbOutput, RefusesBadData)
{
  EXPECT_EQ(error_of([] { read_imb_output("hello\n", "i.txt"); }),
            "i.txt: holds no 'Intel(R) MPI Benchmarks' banner or '# Benchmarking' section: not IMB output");
  EXPECT_EQ(error_of([] {
              read_imb_output("# Benchmarking PingPong\n# #processes = 2\n #bytes #repetitions t[usec] Mbytes/sec\n"
                              " 8 10 1.0 1.0\n 4 10 1.0 1.0\n",
                              "i.txt");
            }),
            "i.txt:5: sizes out of order: 4 bytes after 8");
  EXPECT_EQ(error_of([] {
              read_imb_output("# Benchmarking PingPong\n# #processes = 2\n #bytes #repetitions t[usec] Mbytes/sec\n"
                              " 8 10 -1.0 1.0\n",
                              "i.txt");
            }),
            "i.txt:4: time -1.0 is negative");
  EXPECT_EQ(error_of([] {
              read_imb_output("# Benchmarking PingPong\n# #processes = 2\n #bytes #repetitions t[usec] Mbytes/sec\n"
                              " 8 10\n",
                              "i.txt");
            }),
            "i.txt:4: has 2 fields, the table's header 4");
  EXPECT_EQ(error_of([] { read_imb_output("# Benchmarking Allreduce\n# #processes = 2\n", "i.txt"); }),
            "i.txt: holds no IMB PingPong or Sendrecv table");
  // Counts past 2^64, and past the ranks a file may name (each becomes a host name in memory).
  EXPECT_EQ(error_of([] {
              read_imb_output("# Benchmarking PingPong\n# #processes = 444444444444444444444444\n", "i.txt");
            }),
            "i.txt:2: #processes '444444444444444444444444' is not a whole number below 2^64");
  EXPECT_EQ(error_of([] { read_imb_output("# Benchmarking PingPong\n# #processes = 1048577\n", "i.txt"); }),
            "i.txt:2: #processes 1048577 is beyond the 1048576 ranks a measurement file may name");
  EXPECT_EQ(error_of([] {
              read_imb_output("# Benchmarking Sendrecv\n# ( 99999999999999999999 groups of 2 processes each )\n",
                              "i.txt");
            }),
            "i.txt:2: the count of groups '99999999999999999999' is not a whole number below 2^64");
}

// ---------------------------------------------------------------- mpiGraph

const char* const kMpiGraph =
    "START mpiGraph v1.5\n"
    "MsgSize\t16384\n"
    "Times\t100\n"
    "Window\t50\n"
    "Procs\t3\n"
    "\n"
    "1 of 3 (33.3%)\n"
    "2 of 3 (66.7%)\n"
    "Gathering results\n"
    "\n"
    "Send max\t1000.000000\n"
    "Send avg\t900.000000\n"
    "\n"
    "Send\tn1:0\tn2:1\tn3:2\t\n"
    "n1:0 to\t0.000\t1000.000\t800.000\t\n"
    "n2:1 to\t1000.000\t0.000\t800.000\t\n"
    "n3:2 to\t800.000\t800.000\t0.000\t\n"
    "\n"
    "Recv max\t1000.000000\n"
    "Recv avg\t900.000000\n"
    "\n"
    "Recv\tn1:0\tn2:1\tn3:2\t\n"
    "n1:0 from\t0.000\t1000.000\t800.000\t\n"
    "n2:1 from\t1000.000\t0.000\t800.000\t\n"
    "n3:2 from\t800.000\t800.000\t0.000\t\n"
    "END mpiGraph\n";

TEST(MpiGraph, ReadsTheSendMatrixAsStreamingSamplesAndShifts)
{
  const auto set = read_mpigraph_output(kMpiGraph, "g.txt");
  EXPECT_EQ(set.hosts(), (std::vector<std::string>{"n1", "n2", "n3"}));
  ASSERT_EQ(set.samples.size(), 6u);
  // 1000 MB/s of 2^20 bytes: 16 KiB take 16384 / 1048576000 s.
  EXPECT_DOUBLE_EQ(set.samples[0].seconds, 16384.0 / (1000.0 * 1048576.0));
  EXPECT_EQ(set.samples[0].kind, SampleKind::streaming);
  ASSERT_EQ(set.tests.size(), 2u);  // shifts 1 and 2
  EXPECT_EQ(set.tests[1].flows[0].dst, 2u);
  EXPECT_FALSE(set.tests[1].flows[0].pays_latency);
  EXPECT_DOUBLE_EQ(set.tests[1].flows[0].rate(), 800.0 * 1048576.0);
}

// The later form of mpiGraph: "Msg Size: S Bytes", "[    1] of N", "Send max: X MB/s", names padded
// ("%s:%-5d"), and bytes per microsecond (MB/s of 10^6 bytes).
TEST(MpiGraph, ReadsTheLaterFormInMegabytesOfAMillionBytes)
{
  const char* const text =
      "START mpiGraph v1.5\nMsg Size: 4194304 Bytes\nIterations: 129\nWindow Size: 64\nProcs: 2\n\n"
      "[    1] of 2 (50.0%)\nGathering results ...\n\nSend max: 1000.000 MB/s\nSend avg: 1000.000 MB/s\n"
      "Send min: 1000.000 MB/s\n\n"
      "Send               \tn1:0    \tn2:1    \t\n"
      "n1:0       to\t0.000          \t1000.000       \t\n"
      "n2:1       to\t800.000        \t0.000          \t\n"
      "\nRecv max: 1000.000 MB/s\nEND mpiGraph\n";
  const auto set = read_mpigraph_output(text, "later.txt");
  EXPECT_EQ(set.hosts(), (std::vector<std::string>{"n1", "n2"}));
  ASSERT_EQ(set.samples.size(), 2u);
  EXPECT_DOUBLE_EQ(set.samples[0].seconds, 4194304 / 1000e6);
  EXPECT_DOUBLE_EQ(set.samples[1].seconds, 4194304 / 800e6);
  ASSERT_EQ(set.tests.size(), 1u);
  EXPECT_DOUBLE_EQ(set.tests[0].flows[0].messages, 64);
}

TEST(MpiGraph, RefusesCrunchHtmlReportNamingWhatToGive)
{
  const char* const html = "<html>\n<script type=\"text/javascript\">\nvar border = 1;\nvar sendstats = [];\n"
                           "sendstats['min'] = 1000;\nsendstats['max'] = 1100;\n";
  EXPECT_EQ(detect_input_format(html), InputFormat::mpigraph);
  EXPECT_EQ(error_of([&] { read_mpigraph_output(html, "index.html"); }),
            "index.html:6: crunch_mpiGraph's HTML report keeps the bandwidths only as 8-bit pixels: give the "
            "mpiGraph output it was made from (crunch_mpiGraph FILE writes FILE_html/)");
}

TEST(MpiGraph, RefusesBadData)
{
  std::string missing = kMpiGraph;
  missing.replace(missing.find("\t800.000\t\nn2:1 to"), 9, "\t");
  EXPECT_EQ(error_of([&] { read_mpigraph_output(missing, "g.txt"); }),
            "g.txt:15: has 2 bandwidths for 3 columns (a missing pair)");
  std::string negative = kMpiGraph;
  negative.replace(negative.find("1000.000\t800.000\t\nn2"), 8, "-100.000");
  EXPECT_EQ(error_of([&] { read_mpigraph_output(negative, "g.txt"); }), "g.txt:15: bandwidth -100.000 MB/s is negative");
  EXPECT_EQ(error_of([] { read_mpigraph_output("START mpiGraph v1.5\nMsgSize\t16384\n", "g.txt"); }),
            "g.txt: holds no Send table (did the run finish? mpiGraph prints it after 'Gathering results')");
  std::string zero = kMpiGraph;
  zero.replace(zero.find("800.000\t800.000\t0.000\t\n\nRecv max"), 7, "0.000  ");
  EXPECT_EQ(error_of([&] { read_mpigraph_output(zero, "g.txt"); }),
            "g.txt:17: bandwidth to column 0 is 0: a missing pair");
}

// ---------------------------------------------------------------- detection

TEST(InputFormat, DetectsEachToolFromItsFirstLines)
{
  EXPECT_EQ(detect_input_format(kProbeCsv), InputFormat::hbcast_probe);
  EXPECT_EQ(detect_input_format(kOsuLatency7), InputFormat::osu);
  EXPECT_EQ(detect_input_format(kImbPingPong), InputFormat::imb);
  EXPECT_EQ(detect_input_format(kMpiGraph), InputFormat::mpigraph);
  EXPECT_EQ(detect_input_format("hello\nworld\n"), std::nullopt);
  EXPECT_EQ(error_of([] { read_measurements("x y\n", "what.txt", std::nullopt); }),
            "what.txt: format not recognised (hbcast-probe CSV, OSU, IMB-MPI1 or mpiGraph output); name it with "
            "--format");
  EXPECT_EQ(error_of([] { read_measurements(std::string_view("a\0b", 3), "bin.dat", InputFormat::osu); }),
            "bin.dat: holds a NUL byte: not a text file");
}

}  // namespace
}  // namespace hbcast::calibration
