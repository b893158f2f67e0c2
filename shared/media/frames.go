package media

import "encoding/binary"

// The frame and tag headers of the audio formats: MPEG audio (MP3), AAC in ADTS, and the ID3v2
// tags either may start with. Sniff and Duration both read them.

// mpegFrame is one MPEG audio frame header.
type mpegFrame struct {
	mpeg1      bool // MPEG-1; else MPEG-2 or 2.5
	layer      int  // 1, 2 or 3
	bitrate    int  // bits per second
	sampleRate int
	mono       bool
	length     int // bytes, header included
	samples    int // per frame
}

// mpegBitrates are the bitrates in kbit/s, by version and layer (one row each), then by the
// header's index; index 0 (free format) and 15 are refused.
var mpegBitrates = [5][16]int{
	{0, 32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448}, // MPEG-1 layer I
	{0, 32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384},    // MPEG-1 layer II
	{0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320},     // MPEG-1 layer III
	{0, 32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256},    // MPEG-2/2.5 layer I
	{0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160},         // MPEG-2/2.5 layers II, III
}

var mpegRates = [4][3]int{ // by version bits, then rate index
	{11025, 12000, 8000},  // MPEG-2.5
	{},                    // reserved
	{22050, 24000, 16000}, // MPEG-2
	{44100, 48000, 32000}, // MPEG-1
}

// parseMPEG reads the MPEG audio frame header at the start of b. Free-format bitrates and
// reserved values are refused: no encoder in use writes them, and random bytes often do.
func parseMPEG(b []byte) (mpegFrame, bool) {
	if len(b) < 4 || b[0] != 0xFF || b[1]&0xE0 != 0xE0 {
		return mpegFrame{}, false
	}
	version, layerBits := (b[1]>>3)&3, (b[1]>>1)&3
	rateIdx, brIdx := (b[2]>>2)&3, b[2]>>4
	if version == 1 || layerBits == 0 || rateIdx == 3 || brIdx == 0 || brIdx == 15 || b[3]&3 == 2 {
		return mpegFrame{}, false
	}
	f := mpegFrame{mpeg1: version == 3, layer: 4 - int(layerBits), sampleRate: mpegRates[version][rateIdx], mono: b[3]>>6 == 3}
	table := f.layer - 1
	if !f.mpeg1 {
		table = min(3+f.layer-1, 4)
	}
	f.bitrate = mpegBitrates[table][brIdx] * 1000
	pad := int(b[2]>>1) & 1
	switch {
	case f.layer == 1:
		f.samples, f.length = 384, (12*f.bitrate/f.sampleRate+pad)*4
	case f.layer == 3 && !f.mpeg1:
		f.samples, f.length = 576, 72*f.bitrate/f.sampleRate+pad
	default:
		f.samples, f.length = 1152, 144*f.bitrate/f.sampleRate+pad
	}
	return f, true
}

// sideInfoLen is the size of a layer III frame's side information, which sits between the
// header and a Xing/Info tag.
func (f mpegFrame) sideInfoLen() int {
	switch {
	case f.mpeg1 && f.mono:
		return 17
	case f.mpeg1:
		return 32
	case f.mono:
		return 9
	default:
		return 17
	}
}

// adtsFrame is one AAC frame header in ADTS framing.
type adtsFrame struct {
	sampleRate int
	length     int // bytes, header included
	blocks     int // raw data blocks of 1024 samples each
}

var adtsRates = []int{96000, 88200, 64000, 48000, 44100, 32000, 24000, 22050, 16000, 12000, 11025, 8000, 7350}

// parseADTS reads the ADTS header at the start of b (sync word, layer 00).
func parseADTS(b []byte) (adtsFrame, bool) {
	if len(b) < 7 || b[0] != 0xFF || b[1]&0xF6 != 0xF0 {
		return adtsFrame{}, false
	}
	rateIdx := int(b[2]>>2) & 0xF
	length := int(b[3]&3)<<11 | int(b[4])<<3 | int(b[5]>>5)
	header := 7
	if b[1]&1 == 0 {
		header = 9 // a CRC follows the header
	}
	if rateIdx >= len(adtsRates) || length <= header {
		return adtsFrame{}, false
	}
	return adtsFrame{sampleRate: adtsRates[rateIdx], length: length, blocks: int(b[6]&3) + 1}, true
}

// id3Len is the length of the ID3v2 tag at the start of b (header, body and footer), or 0 when b
// does not start with a well-formed ID3v2 header.
func id3Len(b []byte) int64 {
	if len(b) < 10 || string(b[:3]) != "ID3" || b[3] < 2 || b[3] > 4 || b[4] == 0xFF {
		return 0
	}
	var size int64
	for _, c := range b[6:10] {
		if c >= 0x80 {
			return 0 // sizes are syncsafe: seven bits a byte
		}
		size = size<<7 | int64(c)
	}
	n := 10 + size
	if b[5]&0x10 != 0 {
		n += 10 // footer
	}
	return n
}

// frameRun reports whether b holds a frame at off that parse accepts, followed either by the end
// of b or by a second such frame: one stray sync word in random bytes is common, two in a row
// at the right distance are not.
func frameRun(b []byte, off int, parse func([]byte) (int, bool)) bool {
	n, ok := parse(b[off:])
	if !ok {
		return false
	}
	next := off + n
	if next+4 > len(b) {
		return true
	}
	_, ok = parse(b[next:])
	return ok
}

func mpegLen(b []byte) (int, bool) { f, ok := parseMPEG(b); return f.length, ok }
func adtsLen(b []byte) (int, bool) { f, ok := parseADTS(b); return f.length, ok }

// be32 reads a big-endian uint32 at off, 0 when b is short.
func be32(b []byte, off int) uint32 {
	if off < 0 || off+4 > len(b) {
		return 0
	}
	return binary.BigEndian.Uint32(b[off:])
}

// le32 reads a little-endian uint32 at off, 0 when b is short.
func le32(b []byte, off int) uint32 {
	if off < 0 || off+4 > len(b) {
		return 0
	}
	return binary.LittleEndian.Uint32(b[off:])
}

// le16 reads a little-endian uint16 at off, 0 when b is short.
func le16(b []byte, off int) uint32 {
	if off < 0 || off+2 > len(b) {
		return 0
	}
	return uint32(binary.LittleEndian.Uint16(b[off:]))
}

// be64 reads a big-endian uint64 at the start of b, 0 when b is short.
func be64(b []byte) uint64 {
	if len(b) < 8 {
		return 0
	}
	return binary.BigEndian.Uint64(b)
}
