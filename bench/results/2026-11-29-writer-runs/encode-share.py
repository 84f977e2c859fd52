#!/usr/bin/env python3
"""encode-share.py PROFILE.collapsed...: the share of the server's I/O threads' CPU samples spent
encoding result text in Utf8Buffer (its own frames and the String.charAt under them; not its
flush into Netty's buffer), from async-profiler's collapsed stacks with thread names."""
import sys

for f in sys.argv[1:]:
    io = own = 0
    for line in open(f):
        stack, n = line.rsplit(' ', 1)
        n = int(n)
        parts = stack.split(';')
        if 'quarry-io' not in parts[0]:
            continue
        io += n
        idx = [i for i, p in enumerate(parts) if 'Utf8Buffer' in p]
        if not idx or 'flush' in parts[idx[-1]]:
            continue
        if all('String' in p or 'charAt' in p or 'itable' in p for p in parts[idx[-1] + 1:]):
            own += n
    print(f"{f}: I/O thread samples {io}, encoding {own} ({100 * own / io:.1f} %)")
