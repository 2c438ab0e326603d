import Foundation
import TestSupport

/// A pointer click on a wlroots compositor that has no input device (a headless sway):
/// a virtual pointer (`zwlr_virtual_pointer_v1`) made by a small client that speaks the Wayland
/// wire protocol itself, so no library or tool is needed beyond python3. A client such as
/// mako then gets a real button event with its serial, which is what it needs to ask the
/// compositor for an activation token.
extension WaylandSession {
    /// Clicks the left button at `x`, `y` of the 1024 × 600 output.
    public func click(x: Int, y: Int) async throws -> ProcessResult {
        let client = directory.appendingPathComponent("virtual-click.py")
        if !FileManager.default.fileExists(atPath: client.path) {
            try Self.virtualClick.write(to: client, atomically: true, encoding: .utf8)
        }
        return try await run(["/usr/bin/python3", client.path, "\(x)", "\(y)", "1024", "600"])
    }

    static let virtualClick = #"""
        """Clicks at x y on a wlroots compositor through zwlr_virtual_pointer_v1, speaking the Wayland
        wire protocol directly: usage vclick.py X Y WIDTH HEIGHT."""
        import os, socket, struct, sys, time

        x, y, width, height = (int(v) for v in sys.argv[1:5])
        path = os.path.join(os.environ["XDG_RUNTIME_DIR"], os.environ["WAYLAND_DISPLAY"])
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.connect(path)


        def send(obj, opcode, payload=b""):
            sock.sendall(struct.pack("<II", obj, (8 + len(payload)) << 16 | opcode) + payload)


        def string(text):
            data = text.encode() + b"\0"
            return struct.pack("<I", len(data)) + data + b"\0" * (-len(data) % 4)


        buffer = b""


        def events():
            global buffer
            while True:
                while len(buffer) >= 8:
                    obj, word = struct.unpack("<II", buffer[:8])
                    size = word >> 16
                    if len(buffer) < size:
                        break
                    yield obj, word & 0xFFFF, buffer[8:size]
                    buffer = buffer[size:]
                chunk = sock.recv(65536)
                if not chunk:
                    raise SystemExit("compositor closed the connection")
                buffer += chunk


        def roundtrip(callback_id):
            send(1, 0, struct.pack("<I", callback_id))  # wl_display.sync
            for obj, opcode, payload in events():
                if obj == callback_id:
                    return
                if obj == 1 and opcode == 0:
                    raise SystemExit("protocol error: %r" % payload)


        send(1, 1, struct.pack("<I", 2))  # wl_display.get_registry -> 2
        send(1, 0, struct.pack("<I", 3))  # sync -> 3
        globals_ = {}
        for obj, opcode, payload in events():
            if obj == 2 and opcode == 0:
                name, length = struct.unpack("<II", payload[:8])
                interface = payload[8:8 + length - 1].decode()
                version = struct.unpack("<I", payload[8 + length + (-length % 4):][:4])[0]
                globals_[interface] = (name, version)
            elif obj == 3:
                break
        for needed in ("wl_seat", "zwlr_virtual_pointer_manager_v1"):
            if needed not in globals_:
                raise SystemExit("no %s" % needed)
        seat_name, _ = globals_["wl_seat"]
        manager_name, _ = globals_["zwlr_virtual_pointer_manager_v1"]
        send(2, 0, struct.pack("<I", seat_name) + string("wl_seat") + struct.pack("<II", 1, 4))
        send(2, 0, struct.pack("<I", manager_name) + string("zwlr_virtual_pointer_manager_v1") + struct.pack("<II", 1, 5))
        send(5, 0, struct.pack("<II", 4, 6))  # create_virtual_pointer(seat 4) -> 6
        roundtrip(7)
        time.sleep(0.3)  # clients see the seat gain a pointer
        now = lambda: int(time.monotonic() * 1000) & 0xFFFFFFFF
        send(6, 1, struct.pack("<IIIII", now(), x, y, width, height))  # motion_absolute
        send(6, 4)  # frame
        roundtrip(8)
        time.sleep(0.3)
        for state in (1, 0):
            send(6, 2, struct.pack("<III", now(), 0x110, state))  # button BTN_LEFT
            send(6, 4)
            roundtrip(10 - state)
        time.sleep(0.3)
        """#
}
