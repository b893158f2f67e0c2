package media

import (
	"fmt"
	"image"
	"io"
	"iter"
	"slices"
	"time"
)

// ExamineFile judges a file of size bytes uploaded as kind and stored with Content-Type stored:
// it must be at most the kind's size, its bytes an accepted type of that kind, stored as that
// type, and parse as one: audio (WAV, MP3, AAC in ADTS, FLAC) down to its frames or chunks with
// a length above zero, video (MP4, QuickTime) as a chain of boxes holding a movie header, AVI as
// a RIFF with its header list and movie data, images decoded completely. The Meta it returns
// says ok, with the type, size and duration (seconds; 0 for images), or rejected and why (Key
// is left to the caller).
//
// The media function and post creation both judge files with it, so a post never takes a file
// the media function would delete. It reads what it needs through r: the headers (and, for
// AAC, the frames) of audio and video, the whole of an image.
func ExamineFile(r io.ReaderAt, size int64, kind Kind, stored string) Meta {
	m, _ := examine(r, size, kind, stored)
	return m
}

// examine is ExamineFile, also returning the decoded picture of an image.
func examine(r io.ReaderAt, size int64, kind Kind, stored string) (Meta, image.Image) {
	m := Meta{Size: size, CheckedAt: time.Now().UTC()}
	rule, ok := rules[kind]
	switch {
	case !ok:
		return m.reject(fmt.Sprintf("%q is not a kind of upload", kind)), nil
	case size > rule.MaxSize:
		return m.reject(fmt.Sprintf("%d bytes is over the %s limit of %d", size, kind, rule.MaxSize)), nil
	case size <= 0:
		return m.reject("the object is empty"), nil
	}
	m.ContentType = SniffAt(r, size)
	switch {
	case m.ContentType == "":
		return m.reject(fmt.Sprintf("the bytes are not a valid %s file", kind)), nil
	case !rule.Accepts(m.ContentType):
		return m.reject(fmt.Sprintf("the bytes are %s, not %s", m.ContentType, kind)), nil
	case !SameFamily(Canonical(stored), m.ContentType):
		return m.reject(fmt.Sprintf("stored as %q but the bytes are %s", stored, m.ContentType)), nil
	}
	var (
		img     image.Image
		problem string
	)
	switch {
	case kind.IsPicture():
		m.Width, m.Height, problem = pictureSize(r, size, m.ContentType)
		if problem == "" && kind == CoverArt && (m.Width < MinCoverSide || m.Height < MinCoverSide) {
			return m.reject(fmt.Sprintf("%d×%d pixels: %s", m.Width, m.Height, CoverTooSmallMessage)), nil
		}
		if problem == "" {
			img, problem = decodeImage(r, size, m.ContentType)
		}
	default:
		m.Duration, problem = parse(m.ContentType, r, size)
		if problem == "" && kind.IsAudio() && !(m.Duration > 0) {
			problem = "it plays for no time"
		}
	}
	if problem != "" {
		return m.reject(fmt.Sprintf("the bytes are not a valid %s file: %s", m.ContentType, problem)), nil
	}
	m.Status = StatusOK
	return m, img
}

func (m Meta) reject(reason string) Meta {
	m.Status, m.Reason = StatusRejected, reason
	return m
}

// parse reads an audio or video file of contentType down to its frames, chunks or boxes. It
// returns how long the file plays, or what is wrong with it.
func parse(contentType string, r io.ReaderAt, size int64) (seconds float64, problem string) {
	switch contentType {
	case "audio/wav":
		return parseWAV(r, size)
	case "audio/mpeg":
		return parseFrames(r, size, mpegLen, "MPEG audio", mp3Duration)
	case "audio/aac":
		return parseFrames(r, size, adtsLen, "ADTS", aacDuration)
	case "audio/flac":
		return parseFLAC(r, size)
	case "video/mp4", "video/quicktime":
		return parseMovie(r, size)
	case "video/x-msvideo":
		return parseAVI(r, size)
	}
	return 0, "not a type that plays"
}

// minFrames is how many MPEG audio or ADTS frames must follow each other, each starting where
// the one before ends, for a file to count as that audio: one or two sync words in a row turn
// up in text and random bytes, three chained frames do not.
const minFrames = 3

// parseFrames checks that a run of minFrames chained frames, each where the one before ends,
// starts at the first frame (after ID3v2 tags; a few stray bytes before it are allowed), then
// measures with duration.
func parseFrames(r io.ReaderAt, size int64, frameLen func([]byte) (int, bool), name string,
	duration func(io.ReaderAt, int64) float64) (float64, string) {
	off, ok := firstFrame(r, afterID3(r, size), size, frameLen)
	if !ok {
		return 0, "no " + name + " frame"
	}
	for i := range minFrames {
		n, ok := frameLen(readAt(r, off, 8))
		switch {
		case !ok:
			return 0, fmt.Sprintf("frame %d of %s is not one", i+1, name)
		case off+int64(n) > size:
			return 0, fmt.Sprintf("frame %d runs past the end of the file", i+1)
		}
		off += int64(n)
	}
	return duration(r, size), ""
}

// WAV: the RIFF chunks must hold a fmt chunk of a format browsers play, with a sane layout,
// then a data chunk with samples in it.
func parseWAV(r io.ReaderAt, size int64) (float64, string) {
	var (
		byteRate, align int64
		haveFmt         bool
	)
	for c := range wavChunks(r) {
		off, n := c.off, c.n
		switch c.id {
		case "fmt ":
			f := readAt(r, off+8, 16)
			if n < 16 || f == nil {
				return 0, "the fmt chunk is cut short"
			}
			if problem := wavFormat(r, off+8, n, f); problem != "" {
				return 0, problem
			}
			byteRate, align, haveFmt = int64(le32(f, 8)), int64(le16(f, 12)), true
		case "data":
			if !haveFmt {
				return 0, "the data chunk comes before any fmt chunk"
			}
			data := min(n, size-off-8) // streamed WAVs leave the size unset (0xFFFFFFFF)
			data -= data % align
			if data <= 0 {
				return 0, "the data chunk holds no samples"
			}
			return float64(data) / float64(byteRate), ""
		}
	}
	if !haveFmt {
		return 0, "no fmt chunk"
	}
	return 0, "no data chunk"
}

// wavChunk is a RIFF chunk's header: its id, the offset of the header and the length it declares.
type wavChunk struct {
	id     string
	off, n int64
}

// wavChunks yields the chunks of the RIFF WAVE r after its 12-byte header, in order, until one
// is cut short or 256 have gone by (a file of tiny chunks cannot keep a reader busy).
func wavChunks(r io.ReaderAt) iter.Seq[wavChunk] {
	return func(yield func(wavChunk) bool) {
		off := int64(12)
		for range 256 {
			h := readAt(r, off, 8)
			if h == nil {
				return
			}
			n := int64(le32(h, 4))
			if !yield(wavChunk{id: string(h[:4]), off: off, n: n}) {
				return
			}
			off += 8 + n + n&1 // chunks are padded to an even length
		}
	}
}

// wavBits are the sample sizes each WAV format browsers play may have: PCM, IEEE float, A-law,
// µ-law.
var wavBits = map[uint32][]int64{1: {8, 16, 24, 32}, 3: {32, 64}, 6: {8}, 7: {8}}

// wavFormat checks a fmt chunk (f is its first 16 bytes, n its length at off): PCM, IEEE float,
// A-law or µ-law (or one of them in WAVE_FORMAT_EXTENSIBLE), 1 to 8 channels at 1 kHz to
// 384 kHz, and block align and byte rate that follow from them.
func wavFormat(r io.ReaderAt, off, n int64, f []byte) string {
	format, channels := le16(f, 0), int64(le16(f, 2))
	rate, byteRate, align, bits := int64(le32(f, 4)), int64(le32(f, 8)), int64(le16(f, 12)), int64(le16(f, 14))
	if format == 0xFFFE { // the real format is the subformat GUID's first two bytes
		ext := readAt(r, off+24, 2)
		if n < 40 || ext == nil {
			return "the extensible fmt chunk is cut short"
		}
		format = le16(ext, 0)
	}
	okBits := wavBits[format]
	switch {
	case okBits == nil:
		return fmt.Sprintf("format %#x is not PCM, float, A-law or µ-law", format)
	case channels < 1 || channels > 8:
		return fmt.Sprintf("%d channels", channels)
	case rate < 1000 || rate > 384000:
		return fmt.Sprintf("a sample rate of %d Hz", rate)
	case !slices.Contains(okBits, bits):
		return fmt.Sprintf("%d bits a sample", bits)
	case align != channels*bits/8 || byteRate != rate*align:
		return "the block align or byte rate does not follow from the format"
	}
	return ""
}

// FLAC: after ID3v2 tags, the marker and a STREAMINFO block with a sample rate and block sizes,
// metadata blocks chained to the last one, and a frame's sync code right after it.
func parseFLAC(r io.ReaderAt, size int64) (float64, string) {
	start := afterID3(r, size)
	b := readAt(r, start, 8+34)
	if b == nil || !isFLAC(b) {
		return 0, "no STREAMINFO block"
	}
	si := b[8:]
	minBlock, maxBlock := int(si[0])<<8|int(si[1]), int(si[2])<<8|int(si[3])
	rate := int(si[10])<<12 | int(si[11])<<4 | int(si[12]>>4)
	if rate == 0 || minBlock < 16 || maxBlock < minBlock {
		return 0, "STREAMINFO says no sample rate or impossible block sizes"
	}
	off := start + 4
	for i := 0; ; i++ {
		h := readAt(r, off, 4)
		if h == nil || i == 1024 {
			return 0, "the metadata blocks run past the end of the file"
		}
		off += 4 + (int64(h[1])<<16 | int64(h[2])<<8 | int64(h[3]))
		if h[0]&0x80 != 0 { // the last metadata block
			break
		}
	}
	if sync := readAt(r, off, 2); sync == nil || sync[0] != 0xFF || sync[1]&0xFE != 0xF8 {
		return 0, "no audio frame after the metadata"
	}
	return flacDuration(r, size), ""
}

// parseMovie checks an ISO media file (MP4, QuickTime): its top-level boxes must chain from the
// first byte to the last, each with a printable type, and one must be a moov holding an mvhd.
// A movie that is fragmented (or being written) may say it lasts 0 seconds.
func parseMovie(r io.ReaderAt, size int64) (float64, string) {
	var moov *atom
	off := int64(0)
	for i := 0; off < size; i++ {
		if i == 4096 {
			return 0, "too many top-level boxes"
		}
		h := readAt(r, off, 8)
		if h == nil {
			return 0, "a box header is cut short"
		}
		n, body := int64(be32(h, 0)), off+8
		switch n {
		case 0: // to the end of the file
			n = size - off
		case 1:
			x := readAt(r, off+8, 8)
			if x == nil {
				return 0, "a box header is cut short"
			}
			n, body = int64(be64(x)), off+16
		}
		typ := string(h[4:8])
		switch {
		case !printable(typ):
			return 0, fmt.Sprintf("a box at byte %d has no readable type", off)
		case n < body-off || n > size-off:
			return 0, fmt.Sprintf("the %q box runs past the end of the file", typ)
		}
		if typ == "moov" && moov == nil {
			moov = &atom{typ: typ, body: body, end: off + n}
		}
		off += n
	}
	if moov == nil {
		return 0, "no moov box"
	}
	for _, a := range atoms(r, moov.body, moov.end) {
		if a.typ == "mvhd" {
			return movieDuration(r, size), ""
		}
	}
	return 0, "the moov box has no movie header"
}

func printable(typ string) bool {
	for i := range len(typ) {
		if typ[i] < 0x20 || typ[i] > 0x7E {
			return false
		}
	}
	return len(typ) == 4
}

// parseAVI checks a RIFF AVI: its chunks chain within the RIFF, the first list is hdrl with the
// main header (avih) first in it, and a movi list follows.
func parseAVI(r io.ReaderAt, size int64) (float64, string) {
	h := readAt(r, 0, 12)
	end := 8 + int64(le32(h, 4))
	if end > size+1 { // +1: an odd final chunk's pad byte may be missing
		return 0, "the RIFF runs past the end of the file"
	}
	end = min(end, size)
	var hdrl, movi bool
	for off := int64(12); off+8 <= end; {
		c := readAt(r, off, 12)
		if c == nil {
			return 0, "a chunk header is cut short"
		}
		n := int64(le32(c, 4))
		if off+8+n > end {
			return 0, fmt.Sprintf("the %q chunk runs past the end of the RIFF", c[:4])
		}
		if string(c[:4]) == "LIST" {
			switch string(c[8:12]) {
			case "hdrl":
				first := readAt(r, off+12, 8)
				hdrl = first != nil && string(first[:4]) == "avih" && le32(first, 4) >= 40
			case "movi":
				movi = true
			}
		}
		off += 8 + n + n&1
	}
	switch {
	case !hdrl:
		return 0, "no header list with a main AVI header"
	case !movi:
		return 0, "no movie data list"
	}
	return aviDuration(r, size), ""
}
