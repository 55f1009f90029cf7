#!/usr/bin/env bash
# Proves in a real browser that the HTML report and the SVG plot of `strokescope fit` render.
#
# By default it builds strokescope (release), writes the report of a bundled fixture with
# `fit ... --html DIR/report.html --svg DIR/plot.svg` (see make_report below), then opens each
# file in headless Chromium, driven over its DevTools pipe (--remote-debugging-pipe), at a fixed
# viewport (1280x2400 for the page, 1200x800 for the SVG) and screenshots it to DIR/report.png
# and DIR/plot.png. The browser has no network: host names resolve nowhere and every other
# request goes to a proxy port on loopback that nothing listens on, so a file that needs
# anything from outside fails to load it. A file fails, with one line per problem, when:
#   - the page calls console.error or console.assert fails, throws an uncaught JavaScript
#     exception (or leaves a promise rejection unhandled), or opens an alert/confirm dialog
#   - a resource fails to load (a missing file, anything over the network), or Chromium logs
#     an error for the page
#   - the file is not self-contained: it loads another local file (data: URIs are fine)
#   - an SVG (XML) file does not parse
#   - the page does not finish loading within 45 s, or the renderer crashes
#   - the screenshot is missing, not the viewport's size, or blank (every pixel one colour)
# Messages are collected until the load event, the fonts and two animation frames, and then
# until the network is quiet (at least 0.3 s): something a timer logs later is not seen.
# Otherwise it prints one line per file, e.g.
#   report.html: rendered 1280x2400, 0 console errors, 412 distinct colours
# Console messages are taken from the DevTools protocol, not from Chromium's log: with
# --enable-logging=stderr this Chromium prints console.log, console.warn and console.error alike
# as `INFO:CONSOLE:LINE] "text", source: URL (LINE)`, and a failed image or fetch not at all.
# Chromium's stderr is kept in DIR/NAME.chromium.log and the DevTools events of the page in
# DIR/NAME.devtools.jsonl (NAME: report or plot); Chromium's profile, HOME and caches live in a
# temporary folder removed at the end.
#
# Chromium and fonts-dejavu-core are installed from Debian's packages when missing (as root, or
# with sudo; otherwise it prints the apt-get command and exits 69). $CHROMIUM overrides the
# browser binary (and skips the install).
#
# The lines and the verdict also go to docs/results/check-report.md (scripts/lib/results.sh),
# stamped; a run on other files (--html, --svg) is not the record and goes to out/results/.
#
# Usage: scripts/check-report.sh [--out DIR] [--no-build] [--bin PATH] [--html FILE] [--svg FILE] [--no-record]
#   --out DIR     write the report, the screenshots and the logs here (default: out/check-report)
#   --no-build    use the existing .build/release/strokescope to write the report
#   --bin PATH    write the report with this strokescope binary (implies --no-build)
#   --html FILE   check this page instead of writing the fixture's report (implies --no-build)
#   --svg FILE    check this SVG instead of writing the fixture's report; with only one of
#                 --html and --svg, only that file is checked
#   --no-record   write no results file
# Exits 0 when every file renders cleanly, 1 on any problem, 64 on a bad command line, 66 when
# an --html/--svg file does not exist, 69 when Chromium is missing and cannot be installed.
# About 5 s a run with --no-build, plus the build; the first install of Chromium takes ~20 s.
set -euo pipefail
caller_dir="$PWD"
cd "$(dirname "$0")/.."
source scripts/lib/results.sh
results_begin check-report "$@"

page_size=1280x2400
svg_size=1200x800
load_budget=45          # seconds for one file in Chromium, from launch to screenshot
out="out/check-report"
build=1
html=""
svg=""
report_bin=.build/release/strokescope
while [ $# -gt 0 ]; do
    case "$1" in
        --out) [ $# -ge 2 ] || { echo "error: --out needs a directory" >&2; exit 64; }; out="$2"; shift ;;
        --no-build) build=0 ;;
        --bin) [ $# -ge 2 ] || { echo "error: --bin needs a path" >&2; exit 64; }; report_bin="$2"; build=0; shift ;;
        --no-record) results_no_record ;;
        --html) [ $# -ge 2 ] || { echo "error: --html needs a file" >&2; exit 64; }; html="$2"; shift ;;
        --svg) [ $# -ge 2 ] || { echo "error: --svg needs a file" >&2; exit 64; }; svg="$2"; shift ;;
        -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
        *) echo "error: unknown option '$1'" >&2; exit 64 ;;
    esac
    shift
done
abspath() { case "$1" in /*) printf '%s' "$1" ;; *) printf '%s' "$caller_dir/$1" ;; esac; }
out="$(abspath "$out")"
mkdir -p "$out"
out="$(cd "$out" && pwd)"

case "$report_bin" in /*|.build/release/strokescope) ;; *) report_bin="$caller_dir/$report_bin" ;; esac

# The command that writes the report and the plot of a bundled fixture. Adjust it here.
# A recording with known faults, so the page shows a FAIL verdict, flags and marked frames
# (fit exits 1 for the exceeded threshold; the files are still written and checked).
report_args=(fit fixtures/render/spinner-1x-3cs-spoiled.gif
    --model fixtures/models/loading-spinner.json --set D=1.5 --rate 1 --max-timing-error 20ms)
make_report() {
    local html_out="$1" svg_out="$2"
    "$report_bin" "${report_args[@]}" --html "$html_out" --svg "$svg_out" --force --quiet
}

# ---- Chromium: Debian's package, installed when missing (same conventions as install_deps) ----
install_browser() {
    local needed=(chromium fonts-dejavu-core)
    local missing=() pkg
    for pkg in "${needed[@]}"; do
        if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed"; then
            missing+=("$pkg")
        fi
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    if ! command -v apt-get >/dev/null 2>&1; then
        echo "error: missing packages (${missing[*]}) and no apt-get here; install Chromium and set CHROMIUM=/path/to/it" >&2
        exit 69
    fi
    local sudo=()
    if [ "$(id -u)" -ne 0 ]; then
        if command -v sudo >/dev/null 2>&1 && { sudo -n true 2>/dev/null || [ -t 0 ]; }; then
            sudo=(sudo)
        else
            echo "error: missing packages: ${missing[*]}" >&2
            echo "run: sudo apt-get update && sudo apt-get install -y --no-install-recommends ${missing[*]}" >&2
            exit 69
        fi
    fi
    echo "installing ${missing[*]} ..." >&2
    local log
    log="$(mktemp)"
    if ! { "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -qq &&
           "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"; } >"$log" 2>&1; then
        cat "$log" >&2
        rm -f "$log"
        echo "error: could not install ${missing[*]}" >&2
        exit 69
    fi
    rm -f "$log"
}

if [ -n "${CHROMIUM:-}" ]; then
    chromium="$CHROMIUM"
    [ -x "$chromium" ] || { echo "error: CHROMIUM=$chromium is not an executable" >&2; exit 69; }
else
    install_browser
    # the binary itself: Debian's /usr/bin/chromium wrapper adds flags (extensions, GPU
    # rasterization) and shell noise on stderr
    chromium=/usr/lib/chromium/chromium
    [ -x "$chromium" ] || chromium="$(command -v chromium || true)"
    [ -n "$chromium" ] || { echo "error: no chromium binary after installing the package" >&2; exit 69; }
fi

# ---- the files to check ----
files=()   # entries: FILE<tab>PNG<tab>WIDTHxHEIGHT
if [ -n "$html" ] || [ -n "$svg" ]; then
    for f in "$html" "$svg"; do
        [ -z "$f" ] || [ -f "$(abspath "$f")" ] || { echo "error: $f: no such file" >&2; exit 66; }
    done
    [ -z "$html" ] || files+=("$(abspath "$html")"$'\t'"$out/report.png"$'\t'"$page_size")
    [ -z "$svg" ] || files+=("$(abspath "$svg")"$'\t'"$out/plot.png"$'\t'"$svg_size")
    results_partial "--html/--svg: other files than the fixture's report"
else
    if [ "$build" = 1 ]; then
        source scripts/lib/install-deps.sh
        install_deps
        swift build -c release --product strokescope >&2
    fi
    [ -x "$report_bin" ] || { echo "error: $report_bin missing (build it or drop --no-build)" >&2; exit 66; }
    if [ "$build" = 1 ]; then
        results_binary "$PWD/$report_bin" built
    elif [ "$report_bin" = .build/release/strokescope ]; then
        results_binary "$PWD/$report_bin" no-build
    else
        results_binary "$report_bin" given
    fi
    rm -f "$out/report.html" "$out/plot.svg"
    rc=0
    make_report "$out/report.html" "$out/plot.svg" >"$out/fit.txt" 2>"$out/fit.err" || rc=$?
    # 1 is `fit` over a threshold: the report is still written and worth checking
    if [ "$rc" != 0 ] && [ "$rc" != 1 ]; then
        echo "error: the report command failed (exit $rc):" >&2
        sed 's/^/  /' "$out/fit.err" >&2
        exit 1
    fi
    files+=("$out/report.html"$'\t'"$out/report.png"$'\t'"$page_size")
    files+=("$out/plot.svg"$'\t'"$out/plot.png"$'\t'"$svg_size")
fi

# ---- render and judge, in Python (standard library only) ----
read -r -d '' check_py <<'PY' || true
import base64, fcntl, json, os, pathlib, queue, signal, socket, struct, subprocess, sys, threading, time, zlib


def read_png(path):
    """(width, height, channels, pixel bytes) of a non-interlaced 8-bit PNG."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG file")
    pos, idat, palette, head = 8, [], None, None
    while pos + 8 <= len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        pos += 12 + length
        if kind == b"IHDR":
            head = struct.unpack(">IIBBBBB", body)
        elif kind == b"PLTE":
            palette = body
        elif kind == b"IDAT":
            idat.append(body)
        elif kind == b"IEND":
            break
    if head is None:
        raise ValueError("PNG without IHDR")
    width, height, depth, ctype, _, _, interlace = head
    if depth != 8 or interlace != 0 or ctype not in (0, 2, 3, 4, 6):
        raise ValueError("unsupported PNG (depth %d, colour type %d, interlace %d)" % (depth, ctype, interlace))
    channels = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}[ctype]
    raw = zlib.decompress(b"".join(idat))
    stride = width * channels
    if len(raw) < height * (stride + 1):
        raise ValueError("PNG image data truncated")
    rows, prev = [], bytes(stride)
    for y in range(height):
        start = y * (stride + 1)
        prev = unfilter(raw[start], raw[start + 1:start + 1 + stride], prev, channels)
        rows.append(prev)
    pixels = b"".join(rows)
    if ctype == 3:
        if palette is None:
            raise ValueError("palette PNG without PLTE")
        pixels = b"".join(palette[3 * i:3 * i + 3] for i in pixels)
        channels = 3
    return width, height, channels, pixels


def unfilter(ftype, line, prev, bpp):
    n = len(line)
    if ftype == 0:
        return bytes(line)
    if ftype == 2:  # Up: bytewise sum with the row above, all bytes at once without carries
        a, b = int.from_bytes(line, "big"), int.from_bytes(prev, "big")
        low = int.from_bytes(b"\x7f" * n, "big")
        high = int.from_bytes(b"\x80" * n, "big")
        return (((a & low) + (b & low)) ^ ((a ^ b) & high)).to_bytes(n, "big")
    out = bytearray(line)
    if ftype == 1:  # Sub
        for i in range(bpp, n):
            out[i] = (out[i] + out[i - bpp]) & 255
    elif ftype == 3:  # Average
        for i in range(n):
            left = out[i - bpp] if i >= bpp else 0
            out[i] = (out[i] + ((left + prev[i]) >> 1)) & 255
    elif ftype == 4:  # Paeth
        for i in range(n):
            a = out[i - bpp] if i >= bpp else 0
            b = prev[i]
            c = prev[i - bpp] if i >= bpp else 0
            p = a + b - c
            pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
            out[i] = (out[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
    else:
        raise ValueError("bad PNG filter type %d" % ftype)
    return bytes(out)


class Browser:
    """Chromium over --remote-debugging-pipe: it reads commands on fd 3 and writes replies and
    events on fd 4, each a JSON message ended by a NUL byte. It runs in its own process group,
    killed as a whole when we are done or interrupted."""

    def __init__(self, argv, log, profile):
        def high(fd):  # a close-on-exec copy at 10 or above, clear of 3 and 4
            copy = fcntl.fcntl(fd, fcntl.F_DUPFD_CLOEXEC, 10)
            os.close(fd)
            return copy
        cmd_r, cmd_w = map(high, os.pipe())
        ev_r, ev_w = map(high, os.pipe())
        self.cmd, self.ev = cmd_w, ev_r

        def child():
            os.setpgid(0, 0)
            os.dup2(cmd_r, 3)  # dup2 leaves 3 and 4 open across exec; the rest close
            os.dup2(ev_w, 4)

        # HOME and the XDG folders in the throwaway profile: nothing lands in the user's home
        env = dict(os.environ, HOME=profile, XDG_CONFIG_HOME=profile + "/config",
                   XDG_CACHE_HOME=profile + "/cache", XDG_DATA_HOME=profile + "/data")
        self.proc = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=log, stderr=log,
                                     env=env, close_fds=False, preexec_fn=child)
        os.close(cmd_r)
        os.close(ev_w)
        for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
            signal.signal(sig, self._interrupted)
        self.inbox, self.pending, self.next_id = queue.Queue(), [], 0
        threading.Thread(target=self._reader, daemon=True).start()

    def _interrupted(self, sig, frame):
        self.kill()
        sys.exit(128 + sig)

    def _reader(self):
        buf = b""
        while True:
            try:
                chunk = os.read(self.ev, 1 << 16)
            except OSError:
                chunk = b""
            if not chunk:
                self.inbox.put(None)
                return
            buf += chunk
            while b"\0" in buf:
                msg, buf = buf.split(b"\0", 1)
                try:
                    self.inbox.put(json.loads(msg))
                except ValueError:
                    pass

    def _get(self, deadline):
        left = deadline - time.monotonic()
        if left <= 0:
            raise TimeoutError
        try:
            msg = self.inbox.get(timeout=left)
        except queue.Empty:
            raise TimeoutError
        if msg is None:
            self.inbox.put(None)
            raise EOFError("Chromium closed its DevTools pipe (exit status %s)" % self.proc.poll())
        return msg

    def call(self, method, params=None, session=None, deadline=None):
        self.next_id += 1
        msg = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            msg["sessionId"] = session
        os.write(self.cmd, json.dumps(msg).encode() + b"\0")
        deadline = deadline or time.monotonic() + 30
        while True:
            reply = self._get(deadline)
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    raise RuntimeError("DevTools %s failed: %s" % (method, reply["error"].get("message")))
                return reply.get("result", {})
            self.pending.append(reply)

    def events(self, until, tick=0.05):
        """Events (those queued during calls first) until `until`, and None after each `tick`
        seconds without one, so that the caller can poll."""
        while True:
            while self.pending:
                yield self.pending.pop(0)
            if time.monotonic() >= until:
                return
            try:
                yield self._get(min(until, time.monotonic() + tick))
            except TimeoutError:
                yield None

    def kill(self):
        try:
            os.killpg(self.proc.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
        self.proc.wait()

    def close(self):
        try:
            self.call("Browser.close", deadline=time.monotonic() + 5)
            self.proc.wait(timeout=10)
        except Exception:
            pass
        self.kill()  # leftovers of the group, or a browser that hangs on exit


NETWORK = ("http:", "https:", "ws:", "wss:", "ftp:")


class Page:
    def __init__(self, url, trace):
        self.url, self.trace = url, trace  # trace: a file that gets every DevTools event
        self.frame = None  # the main frame's id: requests with its loader's id are the page itself
        self.problems, self.console_errors, self.exceptions = [], 0, 0
        self.urls, self.inflight, self.failed, self.itself = {}, set(), set(), set()
        self.loaded = False
        self.dialogs = []

    def handle(self, ev):
        if ev is None:
            return
        if self.trace:
            self.trace.write(json.dumps(ev) + "\n")
        m, p = ev.get("method"), ev.get("params", {})
        if m == "Runtime.consoleAPICalled" and p.get("type") in ("error", "assert"):
            self.console_errors += 1
            text = " ".join(str(a.get("value", a.get("description", a.get("type", "?"))))
                            for a in p.get("args", []))
            frames = (p.get("stackTrace") or {}).get("callFrames") or []
            where = " (%s:%d)" % (frames[0].get("url"), frames[0].get("lineNumber", -1) + 1) if frames else ""
            self.problems.append("console.%s: %s%s" % (p["type"], text, where))
        elif m == "Runtime.exceptionThrown":
            self.exceptions += 1
            d = p.get("exceptionDetails", {})
            text = (d.get("exception") or {}).get("description") or d.get("text") or "?"
            if d.get("text", "").startswith("Uncaught (in promise)"):
                text = "unhandled promise rejection: " + text
            self.problems.append("JavaScript exception: %s (%s:%d)"
                                 % (text.splitlines()[0], d.get("url", "?"), d.get("lineNumber", -1) + 1))
        elif m == "Network.requestWillBeSent":
            rid, u = p["requestId"], p["request"]["url"]
            self.urls[rid] = u
            self.inflight.add(rid)
            if rid == p.get("loaderId") and p.get("frameId") == self.frame:
                self.itself.add(rid)
        elif m == "Network.loadingFinished":
            rid = p["requestId"]
            self.inflight.discard(rid)
            u = self.urls.get(rid, "")
            if u.startswith(NETWORK):
                self.problems.append("network request succeeded despite no network: %s" % u)
            elif rid not in self.itself and not u.startswith(("data:", "blob:", "about:")):
                self.problems.append("not self-contained: loads a separate file: %s" % u)
        elif m == "Network.loadingFailed":
            self.inflight.discard(p["requestId"])
            u = self.urls.get(p["requestId"], "?")
            self.failed.add(u)
            why = p.get("errorText", "?") + (", blocked: " + p["blockedReason"] if p.get("blockedReason") else "")
            kind = "network request (no network here)" if u.startswith(NETWORK) else "failed resource load"
            self.problems.append("%s: %s (%s)" % (kind, u, why))
        elif m == "Network.responseReceived":
            r = p.get("response", {})
            if r.get("status", 0) >= 400:
                self.problems.append("HTTP %d for %s" % (r["status"], r.get("url")))
        elif m == "Log.entryAdded":
            e = p.get("entry", {})
            if e.get("level") == "error" and not (e.get("source") == "network" and e.get("url") in self.failed):
                self.problems.append("Chromium error (%s): %s%s" % (e.get("source"), e.get("text"),
                                     " (%s)" % e["url"] if e.get("url") else ""))
        elif m in ("Inspector.targetCrashed", "Target.targetCrashed"):
            self.problems.append("the renderer crashed")
        elif m == "Page.javascriptDialogOpening":
            self.dialogs.append(p)
            self.problems.append("opens a dialog (%s): %s" % (p.get("type"), p.get("message")))
        elif m == "Page.loadEventFired":
            self.loaded = True


def free_loopback_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def render(chrome, url, png, width, height, profile, log_path, budget):
    page = Page(url, open(log_path.replace(".chromium.log", ".devtools.jsonl"), "w"))
    argv = [chrome, "--headless", "--remote-debugging-pipe", "--disable-gpu",
            "--disable-dev-shm-usage", "--user-data-dir=" + profile, "--no-first-run",
            "--no-default-browser-check", "--disable-background-networking",
            "--disable-component-update", "--disable-sync", "--disable-extensions",
            "--disable-default-apps", "--mute-audio", "--hide-scrollbars",
            "--force-color-profile=srgb", "--force-device-scale-factor=1",
            "--window-size=%d,%d" % (width, height),
            # no network: names resolve nowhere, and everything else goes to a loopback port
            # that nothing listens on (which also catches literal IP addresses)
            "--host-resolver-rules=MAP * ~NOTFOUND",
            "--proxy-server=http://127.0.0.1:%d" % free_loopback_port(),
            "--force-webrtc-ip-handling-policy=disable_non_proxied_udp",
            "--enable-logging=stderr", "--v=0", "about:blank"]
    if os.geteuid() == 0:
        argv.insert(1, "--no-sandbox")
    deadline = time.monotonic() + budget
    with open(log_path, "wb") as log:
        log.write(("# " + " ".join(argv) + "\n").encode())
        log.flush()
        b = Browser(argv, log, profile)
        try:
            drive(b, page, png, width, height, deadline)
        except TimeoutError:
            page.problems.append("not loaded and screenshotted within %d s (Chromium log: %s)" % (budget, log_path))
        except (EOFError, RuntimeError, OSError) as e:
            page.problems.append("%s (Chromium log: %s)" % (e, log_path))
        finally:
            b.close()
            page.trace.close()
    # Chromium's own log: an uncaught exception shows as `INFO:CONSOLE:N] "Uncaught ...`; the
    # protocol should have reported it already, this is a second opinion
    with open(log_path, "rb") as f:
        uncaught = [l for l in f.read().decode("utf-8", "replace").splitlines()
                    if ":CONSOLE" in l and '] "Uncaught' in l]
    if uncaught and page.exceptions == 0:
        for l in uncaught:
            page.problems.append("JavaScript exception in Chromium's log: " + l.split("] ", 1)[-1])
    return page


def drive(b, page, png, width, height, deadline):
    target = b.call("Target.createTarget", {"url": "about:blank"}, deadline=deadline)["targetId"]
    s = b.call("Target.attachToTarget", {"targetId": target, "flatten": True}, deadline=deadline)["sessionId"]
    page.frame = target
    for domain in ("Page", "Runtime", "Log", "Network", "Inspector"):
        b.call(domain + ".enable", session=s, deadline=deadline)
    b.call("Emulation.setDeviceMetricsOverride",
           {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False},
           session=s, deadline=deadline)

    def pump(until, stop=lambda: False):
        for ev in b.events(until):
            if ev is not None and ev.get("sessionId") not in (s, None):
                continue
            page.handle(ev)
            while page.dialogs:  # an alert would block the page: dismiss it (already reported)
                page.dialogs.pop()
                b.call("Page.handleJavaScriptDialog", {"accept": False}, session=s, deadline=deadline)
            if stop():
                return True
        return False

    nav = b.call("Page.navigate", {"url": page.url}, session=s, deadline=deadline)
    if nav.get("errorText"):
        page.problems.append("navigation failed: %s" % nav["errorText"])
    if not pump(deadline, lambda: page.loaded):
        raise TimeoutError
    # after the load event: the fonts and two animation frames, then until the network is quiet
    # (at least 0.3 s, at most 5 s)
    b.call("Runtime.evaluate", {"expression": "(document.fonts ? document.fonts.ready : Promise.resolve())"
           ".then(() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(() => r(1)))))",
           "awaitPromise": True}, session=s, deadline=deadline)
    # an XML file (the SVG) that does not parse shows Chromium's error page instead
    bad_xml = b.call("Runtime.evaluate", {"expression": "(e => e ? (e.querySelector('div') || e).textContent : '')"
                     "(document.getElementsByTagName('parsererror')[0])", "returnByValue": True},
                     session=s, deadline=deadline).get("result", {}).get("value")
    if bad_xml:
        page.problems.append("XML parse error: %s" % " ".join(bad_xml.split()))
    settle = time.monotonic() + 0.3
    pump(min(deadline, time.monotonic() + 5), lambda: not page.inflight and time.monotonic() >= settle)
    for rid in page.inflight:
        page.problems.append("request still pending at the screenshot: %s" % page.urls.get(rid, "?"))
    shot = b.call("Page.captureScreenshot", {"format": "png", "captureBeyondViewport": False},
                  session=s, deadline=deadline)
    with open(png, "wb") as f:
        f.write(base64.b64decode(shot["data"]))
    pump(min(deadline, time.monotonic() + 0.1))


def main():
    chrome, path, png, size, log_path, profile, budget = sys.argv[1:8]
    width, height = map(int, size.split("x"))
    name = os.path.basename(path)
    if os.path.exists(png):
        os.remove(png)
    url = pathlib.Path(os.path.abspath(path)).as_uri()
    page = render(chrome, url, png, width, height, profile, log_path, int(budget))
    problems = page.problems
    colours = None
    if not os.path.exists(png):
        problems.append("no screenshot was written (%s)" % png)
    else:
        try:
            w, h, ch, px = read_png(png)
            if (w, h) != (width, height):
                problems.append("screenshot is %dx%d, not %dx%d" % (w, h, width, height))
            colours = len({px[i:i + ch] for i in range(0, len(px), ch)})
            if colours == 1:
                problems.append("blank: every pixel of %s is #%s" % (os.path.basename(png), px[:ch].hex()))
        except (ValueError, zlib.error) as e:
            problems.append("screenshot %s unreadable: %s" % (png, e))
    for p in problems:
        print("%s: %s" % (name, p))
    if problems:
        print("%s: FAIL, %d problem%s (screenshot %s, Chromium log %s, DevTools events %s)"
              % (name, len(problems), "" if len(problems) == 1 else "s", png, log_path,
                 log_path.replace(".chromium.log", ".devtools.jsonl")), file=sys.stderr)
        return 1
    print("%s: rendered %dx%d, %d console errors, %d distinct colours" % (name, width, height, page.console_errors, colours))
    return 0


try:
    sys.exit(main())
except Exception as e:  # a bug here, not a problem of the file: say so apart from exit 1
    import traceback
    traceback.print_exc()
    print("%s: internal error of the check: %r" % (os.path.basename(sys.argv[2]), e))
    sys.exit(70)
PY

tmp="$(mktemp -d "${TMPDIR:-/tmp}/check-report.XXXXXX")"
child=""
trap 'rm -rf "$tmp"' EXIT
# Python runs in the background so that a signal reaches us at once: pass it on (Python then
# kills Chromium's process group) and stop
# shellcheck disable=SC2317  # reached through the trap
on_signal() {
    trap - INT TERM HUP
    if [ -n "$child" ]; then kill -TERM "$child" 2>/dev/null || true; wait "$child" 2>/dev/null || true; fi
    echo "interrupted" >&2
    exit 130
}
trap on_signal INT TERM HUP
status=0
lines="$tmp/lines.txt"
: > "$lines"
for entry in "${files[@]}"; do
    IFS=$'\t' read -r file png size <<< "$entry"
    if [ ! -f "$file" ]; then
        echo "$(basename "$file"): missing (the report command did not write it; its stderr is in $out/fit.err)" | tee -a "$lines"
        status=1
        continue
    fi
    log="$out/$(basename "$png" .png).chromium.log"
    profile="$tmp/$(basename "$png" .png)"   # a fresh profile for each file
    mkdir -p "$profile"
    rc=0
    # Python gives up after load_budget and kills Chromium's process group (also when Chromium
    # hangs on exit); timeout is the backstop should Python itself hang
    timeout --foreground -k 10 $((load_budget + 60)) \
        python3 -c "$check_py" "$chromium" "$file" "$png" "$size" "$log" "$profile" "$load_budget" > "$tmp/check.out" &
    child=$!
    wait "$child" || rc=$?
    child=""
    tee -a "$lines" < "$tmp/check.out"
    if [ "$rc" != 0 ]; then
        [ "$rc" = 1 ] || echo "$(basename "$file"): the check itself failed (exit $rc)" | tee -a "$lines"
        status=1
    fi
done

{
    echo "## Files checked"
    echo
    sed 's/^/- /' "$lines"
    echo
    echo "Verdict: $([ "$status" = 0 ] && echo "PASS, every file renders cleanly" || echo "FAIL (exit $status)")."
    if [ -z "$html" ] && [ -z "$svg" ]; then
        echo
        echo "The report was written by:"
        echo
        echo '```sh'
        echo "strokescope ${report_args[*]} --html report.html --svg plot.svg --force --quiet"
        echo '```'
    fi
} > "$tmp/body.md"
results_write "The HTML report and SVG plot in a browser (scripts/check-report.sh)" "$tmp/body.md" <<EOF
Proves in headless Chromium (no network) that the HTML report and the SVG plot \`strokescope fit\`
writes render: each file is opened at a fixed viewport (${page_size} for the page, ${svg_size} for
the SVG) and screenshotted. A file fails on a console error or failed assertion, an uncaught
exception or unhandled rejection, a dialog, a resource that fails to load or comes from outside
the file (it must be self-contained), an SVG that does not parse, a load over ${load_budget} s or a
renderer crash, or a screenshot that is missing, of the wrong size or blank.

Each line gives the size rendered, the console errors (target: 0) and the distinct colours of the
screenshot (a blank page has 1). Target: every file renders cleanly (the script exits 1 otherwise).
EOF
exit "$status"
