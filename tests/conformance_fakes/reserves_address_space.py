"""Reserves 64 GiB of address space at start, as a runtime reserves its heap (a JVM, Go, .NET),
and holds next to none of it: it maps the space and never touches it. Then it answers as the
reference does. A limit on what its processes hold does not stop it; one on address space would."""

import mmap

from _fake import Fake, run

RESERVED = 64 << 30

if __name__ == "__main__":
    # read-only and untouched: the kernel commits none of it, whatever its overcommit policy
    reserved = mmap.mmap(-1, RESERVED, flags=mmap.MAP_PRIVATE | mmap.MAP_ANONYMOUS, prot=mmap.PROT_READ)
    run(Fake())
