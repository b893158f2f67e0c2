package media

import (
	"bufio"
	"encoding/binary"
	"io"
	"math"
)

// Duration returns how long the media file r (size bytes, of contentType) plays, in seconds: WAV
// from the data size and byte rate; MP3 from the frame count of a Xing, Info or VBRI header,
// else estimated from the first frame's bitrate and the size (exact for constant bitrates);
// FLAC from STREAMINFO; AAC in ADTS by counting frames (1024 samples each); MP4 and QuickTime
// from the movie header (mvhd); AVI from the main header (avih). It returns 0 when the file does
// not parse as contentType (see ExamineFile) or cannot tell, and for images.
func Duration(contentType string, r io.ReaderAt, size int64) float64 {
	seconds, problem := parse(Canonical(contentType), r, size)
	if problem != "" || math.IsNaN(seconds) || math.IsInf(seconds, 0) || seconds < 0 {
		return 0
	}
	return seconds
}

// readAt returns the n bytes at off, or nil when the file is shorter.
func readAt(r io.ReaderAt, off int64, n int) []byte {
	if off < 0 || n < 0 {
		return nil
	}
	b := make([]byte, n)
	if got, _ := r.ReadAt(b, off); got < n {
		return nil
	}
	return b
}

// afterID3 is the offset of the first byte after the ID3v2 tags r opens with (0 when none).
func afterID3(r io.ReaderAt, size int64) int64 {
	off := int64(0)
	for off < size {
		n := id3Len(readAt(r, off, 10))
		if n == 0 {
			break
		}
		off += n
	}
	return off
}

// firstFrame finds the first run of frames parse accepts at or after off, within SniffLen bytes.
func firstFrame(r io.ReaderAt, off, size int64, parse func([]byte) (int, bool)) (int64, bool) {
	head := readHead(r, off, size)
	for i := 0; i+4 <= len(head); i++ {
		if head[i] == 0xFF && frameRun(head, i, parse) {
			return off + int64(i), true
		}
	}
	return 0, false
}

func mp3Duration(r io.ReaderAt, size int64) float64 {
	off, ok := firstFrame(r, afterID3(r, size), size, mpegLen)
	if !ok {
		return 0
	}
	head := readAt(r, off, 4)
	f, _ := parseMPEG(head)
	frame := readHead(r, off, size)
	var frames uint32
	if x := 4 + f.sideInfoLen(); len(frame) >= x+12 && (string(frame[x:x+4]) == "Xing" || string(frame[x:x+4]) == "Info") {
		if be32(frame, x+4)&1 != 0 {
			frames = be32(frame, x+8)
		}
	} else if len(frame) >= 36+18 && string(frame[36:40]) == "VBRI" {
		frames = be32(frame, 36+14)
	}
	if frames > 0 {
		return float64(frames) * float64(f.samples) / float64(f.sampleRate)
	}
	audio := size - off
	if t := readAt(r, size-128, 3); string(t) == "TAG" { // ID3v1 trailer
		audio -= 128
	}
	return float64(audio) * 8 / float64(f.bitrate)
}

func flacDuration(r io.ReaderAt, size int64) float64 {
	b := readAt(r, afterID3(r, size), 8+34)
	if b == nil || !isFLAC(b) {
		return 0
	}
	si := b[8:]
	rate := int64(si[10])<<12 | int64(si[11])<<4 | int64(si[12]>>4)
	total := int64(si[13]&0x0F)<<32 | int64(be32(si, 14))
	if rate == 0 {
		return 0
	}
	return float64(total) / float64(rate)
}

func aacDuration(r io.ReaderAt, size int64) float64 {
	off, ok := firstFrame(r, afterID3(r, size), size, adtsLen)
	if !ok {
		return 0
	}
	br := bufio.NewReaderSize(io.NewSectionReader(r, off, size-off), 64<<10)
	var samples int64
	rate := 0
	for {
		h, err := br.Peek(7)
		if err != nil {
			break
		}
		f, ok := parseADTS(h)
		if !ok || rate != 0 && f.sampleRate != rate {
			break
		}
		rate = f.sampleRate
		if _, err := br.Discard(f.length); err != nil {
			break // a truncated last frame does not play
		}
		samples += int64(f.blocks) * 1024
	}
	if rate == 0 {
		return 0
	}
	return float64(samples) / float64(rate)
}

// atom is an ISO media (MP4, QuickTime) box: its type, where its body starts and where it ends.
type atom struct {
	typ       string
	body, end int64
}

// atoms lists the boxes between off and end, stopping at the first malformed one.
func atoms(r io.ReaderAt, off, end int64) []atom {
	var out []atom
	for len(out) < 4096 && off+8 <= end {
		h := readAt(r, off, 8)
		if h == nil {
			break
		}
		size, body := int64(be32(h, 0)), off+8
		switch size {
		case 0: // to the end of the enclosing space
			size = end - off
		case 1: // a 64-bit size follows
			x := readAt(r, off+8, 8)
			if x == nil {
				return out
			}
			size, body = int64(binary.BigEndian.Uint64(x)), off+16
		}
		if size < body-off || off+size > end {
			break
		}
		out = append(out, atom{typ: string(h[4:8]), body: body, end: off + size})
		off += size
	}
	return out
}

func movieDuration(r io.ReaderAt, size int64) float64 {
	for _, top := range atoms(r, 0, size) {
		if top.typ != "moov" {
			continue
		}
		for _, a := range atoms(r, top.body, top.end) {
			if a.typ != "mvhd" {
				continue
			}
			h := readAt(r, a.body, 32)
			if h == nil {
				return 0
			}
			var scale, length uint64
			if h[0] == 1 { // version 1: 64-bit times
				scale, length = uint64(be32(h, 20)), binary.BigEndian.Uint64(h[24:32])
			} else {
				scale, length = uint64(be32(h, 12)), uint64(be32(h, 16))
				if length == math.MaxUint32 {
					return 0 // unknown
				}
			}
			if scale == 0 {
				return 0
			}
			return float64(length) / float64(scale)
		}
	}
	return 0
}

func aviDuration(r io.ReaderAt, size int64) float64 {
	off := int64(12)
	for range 64 {
		h := readAt(r, off, 12)
		if h == nil {
			return 0
		}
		n := int64(le32(h, 4))
		if string(h[:4]) == "LIST" && string(h[8:12]) == "hdrl" {
			end := min(off+8+n, size)
			for in := off + 12; in+8 <= end; {
				c := readAt(r, in, 8+20)
				if c == nil {
					return 0
				}
				if string(c[:4]) == "avih" {
					usPerFrame, frames := le32(c, 8), le32(c, 8+16)
					return float64(frames) * float64(usPerFrame) / 1e6
				}
				m := int64(le32(c, 4))
				in += 8 + m + m&1
			}
			return 0
		}
		off += 8 + n + n&1
	}
	return 0
}
