#pragma once
#include <cstdint>
#include <string>
#include <string_view>

namespace hbcast {

/// What a SimGrid platform file declares, counted from its text without SimGrid.
struct DeclaredPlatformSize {
  std::uint64_t hosts = 0;  ///< <host> elements, and the hosts of every <cluster> (its radical)
  std::uint64_t links = 0;  ///< <link> elements (a cluster's own links count with its hosts)
};

/// One pass over the XML text: <host ...>, <cluster ... radical="0-99,200">, <link ...>. A
/// malformed radical counts what it can; SimGrid refuses the file later.
DeclaredPlatformSize declared_platform_size(std::string_view xml);

/// The memory SimGrid 3.32 takes to load and seal such a platform. Measured with Debian's
/// libsimgrid 3.32 (docs/reliability.md): a crossbar <cluster> of 10^5 hosts 307 MiB, of 4 x 10^5
/// hosts 1.12 GiB, that is 2.9 KiB per host (with its two links) over 27 MiB; a <link> outside
/// clusters about 1 KiB.
std::uint64_t estimated_platform_bytes(const DeclaredPlatformSize& size);

}  // namespace hbcast
