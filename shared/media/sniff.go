package media

import (
	"bytes"
	"io"
	"slices"
)

// Sniff returns the content type the bytes b (a file's first bytes, SniffLen of them are
// enough) really are, one of the accepted canonical types, or "" when they are none of them.
//
// Audio may open with ID3v2 tags; Sniff skips them and tells MP3, AAC and FLAC by what follows.
// A tag running past the end of b (large cover art) hides that: Sniff then takes the file for
// MP3, the usual case. SniffAt, which can read on, knows for sure.
func Sniff(b []byte) string {
	off := int64(0)
	for n := id3Len(b[off:]); n > 0; n = id3Len(b[off:]) {
		off += n
		if off >= int64(len(b)) {
			return "audio/mpeg"
		}
	}
	if off > 0 {
		return sniffAfterTag(b[off:])
	}
	return sniffHead(b)
}

// SniffAt is Sniff for a whole file of size bytes: it reads the head, and past ID3v2 tags of
// any length.
func SniffAt(r io.ReaderAt, size int64) string {
	head := readHead(r, 0, size)
	off := int64(0)
	for n := id3Len(head); n > 0; n = id3Len(head) {
		off += n
		if off >= size {
			return ""
		}
		head = readHead(r, off, size)
	}
	if off > 0 {
		return sniffAfterTag(head)
	}
	return sniffHead(head)
}

// readHead reads up to SniffLen bytes at off; a short read gives what was read.
func readHead(r io.ReaderAt, off, size int64) []byte {
	b := make([]byte, max(0, min(SniffLen, size-off)))
	n, _ := r.ReadAt(b, off)
	return b[:n]
}

// sniffHead tells the type of a file that does not start with an ID3 tag.
func sniffHead(b []byte) string {
	switch {
	case bytes.HasPrefix(b, []byte{0xFF, 0xD8, 0xFF}):
		return "image/jpeg"
	case bytes.HasPrefix(b, []byte("\x89PNG\r\n\x1a\n")):
		return "image/png"
	case len(b) >= 12 && string(b[:4]) == "RIFF" && string(b[8:12]) == "WAVE":
		return "audio/wav"
	case len(b) >= 12 && string(b[:4]) == "RIFF" && string(b[8:12]) == "AVI ":
		return "video/x-msvideo"
	case isFLAC(b):
		return "audio/flac"
	case len(b) >= 12 && string(b[4:8]) == "ftyp" && be32(b, 0) >= 12:
		if string(b[8:12]) == "qt  " {
			return "video/quicktime"
		}
		return "video/mp4"
	case isMOV(b):
		return "video/quicktime"
	case frameRun(b, 0, mpegLen):
		return "audio/mpeg"
	case frameRun(b, 0, adtsLen):
		return "audio/aac"
	}
	return ""
}

// sniffAfterTag tells what follows an ID3v2 tag: FLAC, or the first run of MP3 or AAC frames
// (encoders may leave a few stray bytes between the tag and the first frame).
func sniffAfterTag(b []byte) string {
	if isFLAC(b) {
		return "audio/flac"
	}
	for off := 0; off+4 <= len(b); off++ {
		if b[off] != 0xFF {
			continue
		}
		if frameRun(b, off, mpegLen) {
			return "audio/mpeg"
		}
		if frameRun(b, off, adtsLen) {
			return "audio/aac"
		}
	}
	return ""
}

// isFLAC reports a FLAC stream: the marker, then its mandatory STREAMINFO block of 34 bytes.
func isFLAC(b []byte) bool {
	return len(b) >= 8 && string(b[:4]) == "fLaC" && b[4]&0x7F == 0 && be32(b, 4)&0xFFFFFF == 34
}

// movAtoms are the top-level atoms a QuickTime movie without an ftyp atom opens with.
var movAtoms = []string{"moov", "mdat", "wide", "free", "skip", "pnot"}

// isMOV reports a classic QuickTime movie that has no ftyp atom: a chain of known top-level
// atoms reaching moov or mdat, or running past the end of b.
func isMOV(b []byte) bool {
	off := int64(0)
	for range 8 {
		if off+8 > int64(len(b)) {
			return off > 0
		}
		size, typ := int64(be32(b, int(off))), string(b[off+4:off+8])
		if !slices.Contains(movAtoms, typ) {
			return false
		}
		if size == 1 { // 64-bit size follows the type
			if off+16 > int64(len(b)) {
				return true
			}
			size = int64(be32(b, int(off)+8))<<32 | int64(be32(b, int(off)+12))
		}
		if typ == "moov" || typ == "mdat" {
			return size == 0 || size >= 8
		}
		if size < 8 {
			return false
		}
		off += size
	}
	return false
}
