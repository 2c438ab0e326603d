import Foundation
import TestSupport

/// A small solid-colour PNG built in code (stored deflate, no compression library), for tests
/// that serve an image.
public enum TinyPNG {
    public static func make(width: Int = 24, height: Int = 16, rgb: (UInt8, UInt8, UInt8) = (0, 114, 206)) -> Data {
        var header = Data()
        header.append(bigEndian: UInt32(width))
        header.append(bigEndian: UInt32(height))
        header.append(contentsOf: [8, 2, 0, 0, 0]) // 8-bit RGB, no interlace
        var raw = Data()
        for _ in 0..<height {
            raw.append(0) // filter: none
            for _ in 0..<width { raw.append(contentsOf: [rgb.0, rgb.1, rgb.2]) }
        }
        var png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        png.append(chunk: "IHDR", header)
        png.append(chunk: "IDAT", zlibStored(raw))
        png.append(chunk: "IEND", Data())
        return png
    }

    private static func zlibStored(_ data: Data) -> Data {
        precondition(data.count <= 0xFFFF, "one stored block")
        var out = Data([0x78, 0x01, 0x01])
        let length = UInt16(data.count)
        out.append(contentsOf: [UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8)])
        out.append(data)
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in data {
            a = (a + UInt32(byte)) % 65521
            b = (b + a) % 65521
        }
        out.append(bigEndian: b << 16 | a)
        return out
    }

    static func crc32(_ data: Data) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in data {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}

extension Data {
    fileprivate mutating func append(bigEndian value: UInt32) {
        append(contentsOf: [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)])
    }

    fileprivate mutating func append(chunk type: String, _ body: Data) {
        append(bigEndian: UInt32(body.count))
        let typed = Data(type.utf8) + body
        append(typed)
        append(bigEndian: TinyPNG.crc32(typed))
    }
}
