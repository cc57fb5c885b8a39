#!/usr/bin/env python3
"""Bounded attacks on `fenkit serve` at 127.0.0.1, each printing one line of
figures; used by tests/cli/serve_abuse.sh and `make abuse`.

  abuse.py slow PORT CLIENTS SECONDS      clients trickling a header byte a
                                          second while a normal client asks
  abuse.py uploads PORT PID CLIENTS BYTES clients each sending BYTES - 1 of
                                          a declared BYTES-byte picture
  abuse.py bomb PORT PID CLIENTS [gif]    scans of a small PNG (or GIF) that
                                          says it is 9999 x 9999 pixels
  abuse.py bomb-file PATH                 writes that PNG
  abuse.py abandon PORT CLIENTS FILE [WAIT]  scans of FILE whose clients
                                          leave WAIT seconds (default 0.02)
                                          after it is sent

Every loop is bounded in count and time; only 127.0.0.1 is reached.
"""
import json
import socket
import struct
import sys
import threading
import time
import zlib

HOST = "127.0.0.1"


def rss_kb(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


class RssPeak:
    """Samples a process's resident memory every 20 ms in a thread."""

    def __init__(self, pid):
        self.pid, self.peak, self.stop = pid, rss_kb(pid), False
        self.thread = threading.Thread(target=self.run, daemon=True)
        self.thread.start()

    def run(self):
        while not self.stop:
            self.peak = max(self.peak, rss_kb(self.pid))
            time.sleep(0.02)

    def done(self):
        self.stop = True
        self.thread.join()
        return self.peak


def ask(port, raw, timeout=5.0):
    """Sends one request on a new connection; returns (status, body, seconds)."""
    start = time.monotonic()
    with socket.create_connection((HOST, port), timeout=timeout) as s:
        s.sendall(raw)
        data = b""
        while b"\r\n\r\n" not in data:
            chunk = s.recv(65536)
            if not chunk:
                break
            data += chunk
        head, _, body = data.partition(b"\r\n\r\n")
        length = 0
        for line in head.split(b"\r\n")[1:]:
            name, _, value = line.partition(b":")
            if name.strip().lower() == b"content-length":
                length = int(value)
        while len(body) < length:
            chunk = s.recv(65536)
            if not chunk:
                break
            body += chunk
    status = int(head.split(b" ")[1]) if head.startswith(b"HTTP/") else 0
    return status, body, time.monotonic() - start


def percentile(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p / 100 * (len(values) - 1))))]


def slow(port, clients, seconds):
    """CLIENTS connections each send a request head one byte a second (and
    reconnect when cut, as an attacker would) for SECONDS; a normal client
    asks /api/info on a new connection every 50 ms meanwhile."""
    stop = time.monotonic() + seconds
    socks, cut, opened = [], 0, 0
    prefix = b"GET /api/info HTTP/1.1\r\nHost: x\r\nX-Slow: "

    def connect():
        nonlocal opened
        try:
            s = socket.create_connection((HOST, port), timeout=1)
            s.setblocking(False)
            s.send(prefix)
            opened += 1
            return s
        except OSError:
            return None

    for _ in range(clients):
        s = connect()
        if s:
            socks.append(s)
    latencies, failed = [], 0

    def normal():
        nonlocal failed
        while time.monotonic() < stop:
            try:
                status, _, took = ask(port, b"GET /api/info HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
                if status == 200:
                    latencies.append(took)
                else:
                    failed += 1
            except OSError:
                failed += 1
            time.sleep(0.05)

    t = threading.Thread(target=normal)
    t.start()
    next_byte = time.monotonic()
    while time.monotonic() < stop:
        if time.monotonic() >= next_byte:
            next_byte += 1.0
            for i, s in enumerate(socks):
                try:
                    if s is not None:
                        s.send(b"a")
                        continue
                except OSError:
                    s.close()
                    cut += 1
                socks[i] = connect()
        time.sleep(0.05)
    t.join()
    for s in socks:
        if s is not None:
            s.close()
    ms = [x * 1000 for x in latencies] or [float("inf")]
    print(f"slow: clients={clients} seconds={seconds} slow_connections_opened={opened} cut_by_server={cut} "
          f"normal_requests={len(latencies)} normal_failed={failed} p50_ms={percentile(ms, 50):.1f} "
          f"p99_ms={percentile(ms, 99):.1f} max_ms={max(ms):.1f}")
    return failed == 0 and len(latencies) > 0, max(ms)


def uploads(port, pid, clients, size):
    """CLIENTS connections each declare a SIZE-byte picture and send all of
    it but the last byte, as fast as they can; the answers that come back
    meanwhile (refusals) are counted. Returns the statuses and peak RSS."""
    peak = RssPeak(pid)
    before = rss_kb(pid)
    statuses, lock = {}, threading.Lock()
    chunk = b"\x89PNG\r\n\x1a\n" + bytes(65536 - 8)

    def one():
        status = "held"
        try:
            with socket.create_connection((HOST, port), timeout=10) as s:
                s.sendall(b"POST /api/scan HTTP/1.1\r\nHost: x\r\nContent-Type: image/png\r\n"
                          b"Content-Length: %d\r\n\r\n" % size)
                left = size - 1
                s.setblocking(False)
                deadline = time.monotonic() + 20
                answer = b""
                while left > 0 and time.monotonic() < deadline:
                    try:
                        left -= s.send(chunk[:min(left, len(chunk))])
                    except BlockingIOError:
                        time.sleep(0.005)
                    except OSError:
                        break
                    try:
                        answer += s.recv(4096)
                        if answer:
                            break
                    except BlockingIOError:
                        pass
                    except OSError:
                        break
                s.setblocking(True)
                s.settimeout(1)
                try:
                    answer += s.recv(4096)
                except OSError:
                    pass
                if answer.startswith(b"HTTP/"):
                    status = answer.split(b" ")[1].decode()
                    body = answer.partition(b"\r\n\r\n")[2]
                    if body and json.loads(body.decode().splitlines()[0]).get("status") != int(status):
                        status += "-not-json"
        except OSError:
            status = "error"
        with lock:
            statuses[status] = statuses.get(status, 0) + 1

    threads = [threading.Thread(target=one) for _ in range(clients)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    top = peak.done()
    summary = ",".join(f"{k}={v}" for k, v in sorted(statuses.items()))
    print(f"uploads: clients={clients} bytes={size} statuses={summary} rss_before_kb={before} rss_peak_kb={top}")
    return statuses, top


def bomb_png(width=9999, height=9999):
    """A PNG of width x height grey pixels, all white: about 100 KB."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    z = zlib.compressobj(9)
    row = b"\x00" + b"\xff" * width
    data = b"".join(z.compress(row) for _ in range(height)) + z.flush()
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0))
            + chunk(b"IDAT", data) + chunk(b"IEND", b""))


def bomb_gif(width=9999, height=9999):
    """A GIF whose header and one frame say width x height, with a few
    bytes of picture: the server must refuse it from the header."""
    return (b"GIF89a" + struct.pack("<HH", width, height) + b"\x80\x00\x00" + bytes(6)
            + b"\x2c" + struct.pack("<HHHH", 0, 0, width, height) + b"\x00"
            + b"\x08\x02\x00\x01\x00\x3b")


def bomb(port, pid, clients, picture):
    """CLIENTS scans of PICTURE at once; returns statuses, seconds, peak RSS."""
    peak = RssPeak(pid)
    statuses, lock = {}, threading.Lock()
    raw = (b"POST /api/scan HTTP/1.1\r\nHost: x\r\nContent-Type: image/png\r\nConnection: close\r\n"
           b"Content-Length: %d\r\n\r\n" % len(picture)) + picture

    def one():
        try:
            status, body, _ = ask(port, raw, timeout=30)
            code = json.loads(body).get("code", "") if status != 200 else ""
            key = f"{status}{'-' + code if code else ''}"
        except (OSError, ValueError):
            key = "error"
        with lock:
            statuses[key] = statuses.get(key, 0) + 1

    start = time.monotonic()
    threads = [threading.Thread(target=one) for _ in range(clients)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    took = time.monotonic() - start
    top = peak.done()
    summary = ",".join(f"{k}={v}" for k, v in sorted(statuses.items()))
    print(f"bomb: clients={clients} picture_bytes={len(picture)} statuses={summary} seconds={took:.2f} "
          f"rss_peak_kb={top}")
    return statuses, took, top


def abandon(port, clients, path, wait=0.02):
    """CLIENTS scans of the picture at PATH, each client closing its
    connection WAIT seconds after the pictures are sent."""
    with open(path, "rb") as f:
        picture = f.read()
    raw = (b"POST /api/scan?all=1 HTTP/1.1\r\nHost: x\r\nContent-Type: application/octet-stream\r\n"
           b"Content-Length: %d\r\n\r\n" % len(picture)) + picture
    socks = []
    for _ in range(clients):
        s = socket.create_connection((HOST, port), timeout=5)
        s.sendall(raw)
        socks.append(s)
    time.sleep(wait)  # the server has read them, the first scans run
    for s in socks:
        s.close()
    print(f"abandon: clients={clients} picture_bytes={len(picture)}")


def main(argv):
    what = argv[1] if len(argv) > 1 else ""
    if what == "slow":
        ok, _ = slow(int(argv[2]), int(argv[3]), float(argv[4]))
        return 0 if ok else 1
    if what == "uploads":
        uploads(int(argv[2]), int(argv[3]), int(argv[4]), int(argv[5]))
        return 0
    if what == "bomb":
        picture = bomb_gif() if argv[5:] == ["gif"] else bomb_png()
        bomb(int(argv[2]), int(argv[3]), int(argv[4]), picture)
        return 0
    if what == "abandon":
        abandon(int(argv[2]), int(argv[3]), argv[4], *[float(w) for w in argv[5:6]])
        return 0
    if what == "bomb-file":
        with open(argv[2], "wb") as f:
            f.write(bomb_png())
        return 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
