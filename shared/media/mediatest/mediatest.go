// Package mediatest builds tiny but well-formed media files for tests: each builder writes the
// headers a player (and media.Sniff and media.Duration) reads, with silent or zero payloads, and
// returns the bytes with how long the file plays. Only tests (and the bench's audio) import it.
package mediatest

import (
	"bytes"
	"encoding/binary"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
)

// WAV is PCM audio: 8 kHz mono 16-bit, seconds long.
func WAV(seconds float64) []byte {
	const rate, channels, bits = 8000, 1, 16
	byteRate := rate * channels * bits / 8
	return pcmWAV(rate, channels, make([]byte, int(seconds*float64(byteRate))))
}

// pcmWAV is a RIFF WAVE of 16-bit PCM samples data at rate Hz with channels channels.
func pcmWAV(rate, channels int, data []byte) []byte {
	var b bytes.Buffer
	b.WriteString("RIFF")
	le32(&b, uint32(4+8+16+8+len(data)))
	b.WriteString("WAVEfmt ")
	le32(&b, 16)
	le16(&b, 1) // PCM
	le16(&b, uint16(channels))
	le32(&b, uint32(rate))
	le32(&b, uint32(rate*channels*2))
	le16(&b, uint16(channels*2))
	le16(&b, 16)
	b.WriteString("data")
	le32(&b, uint32(len(data)))
	b.Write(data)
	return b.Bytes()
}

// MP3 frame: MPEG-1 layer III, 128 kbit/s, 44.1 kHz, joint stereo, no padding: 417 bytes and
// 1152 samples.
var mp3Header = []byte{0xFF, 0xFB, 0x90, 0x40}

const (
	mp3FrameLen     = 417
	mp3FrameSamples = 1152
	mp3Rate         = 44100
)

// MP3FrameSeconds is how long one frame of the MP3 builders plays.
const MP3FrameSeconds = float64(mp3FrameSamples) / mp3Rate

func mp3Frame() []byte {
	f := make([]byte, mp3FrameLen)
	copy(f, mp3Header)
	return f
}

// MP3 is a constant-bitrate MP3 of n frames with no header tag: its length can only be
// estimated from the bitrate and the size.
func MP3(n int) []byte {
	return bytes.Repeat(mp3Frame(), n)
}

// MP3Xing is a variable-bitrate style MP3: a first frame carrying a Xing header that counts n
// audio frames, then those frames.
func MP3Xing(n int) []byte {
	f := mp3Frame()
	const x = 4 + 32 // after the header and MPEG-1 stereo side information
	copy(f[x:], "Xing")
	binary.BigEndian.PutUint32(f[x+4:], 1) // frames field present
	binary.BigEndian.PutUint32(f[x+8:], uint32(n))
	return append(f, MP3(n)...)
}

// MP3VBRI is an MP3 whose first frame carries a Fraunhofer VBRI header counting n frames.
func MP3VBRI(n int) []byte {
	f := mp3Frame()
	copy(f[36:], "VBRI")
	binary.BigEndian.PutUint16(f[40:], 1)
	binary.BigEndian.PutUint32(f[36+14:], uint32(n))
	return append(f, MP3(n)...)
}

// ID3 prefixes b with an ID3v2.4 tag whose body is size bytes (a text frame, then padding),
// as taggers write before MP3, AAC or FLAC audio.
func ID3(size int, b []byte) []byte {
	tag := make([]byte, 10+size)
	copy(tag, "ID3\x04\x00\x00")
	for i := range 4 {
		tag[9-i] = byte(size >> (7 * i) & 0x7F)
	}
	copy(tag[10:], "TIT2\x00\x00\x00\x05\x00\x00\x03Song")
	return append(tag, b...)
}

// FLAC is a FLAC stream header for seconds of 44.1 kHz stereo audio: the marker, STREAMINFO and a
// padding block, as encoders write them, then the start of a first frame.
func FLAC(seconds float64) []byte {
	const rate = 44100
	total := uint64(seconds * rate)
	si := make([]byte, 34)
	binary.BigEndian.PutUint16(si[0:], 4096)
	binary.BigEndian.PutUint16(si[2:], 4096)
	// 20 bits rate, 3 bits channels-1, 5 bits bits-per-sample-1, 36 bits total samples.
	packed := uint64(rate)<<44 | uint64(1)<<41 | uint64(15)<<36 | total
	binary.BigEndian.PutUint64(si[10:], packed)
	out := []byte("fLaC")
	out = append(out, 0, 0, 0, 34) // STREAMINFO, 34 bytes
	out = append(out, si...)
	out = append(out, 0x81, 0, 0x01, 0x05) // the last metadata block: PADDING, 261 bytes
	out = append(out, make([]byte, 0x105)...)
	return append(out, 0xFF, 0xF8, 0x69, 0x08) // the start of a first frame
}

// ADTS is n frames of AAC-LC in ADTS framing at 44.1 kHz stereo, 1024 samples each.
func ADTS(n int) []byte {
	const length = 64
	f := make([]byte, length)
	f[0], f[1] = 0xFF, 0xF1 // sync, MPEG-4, layer 0, no CRC
	f[2] = 1<<6 | 4<<2      // AAC LC, 44.1 kHz
	f[3] = 2<<6 | byte(length>>11)&3
	f[4] = byte(length >> 3)
	f[5] = byte(length&7)<<5 | 0x1F
	f[6] = 0xFC // one raw data block
	return bytes.Repeat(f, n)
}

// ADTSFrameSeconds is how long one ADTS frame of the builder plays.
const ADTSFrameSeconds = 1024.0 / 44100

// MP4 is an ISO media file with major brand brand ("isom", or "qt  " for QuickTime): ftyp, then
// mdat and moov (the movie header last, as cameras write it when moovLast), with an mvhd of
// the given version saying seconds at timescale 600.
func MP4(brand string, seconds float64, version byte, moovLast bool) []byte {
	ftyp := box("ftyp", append([]byte(brand), 0, 0, 2, 0, 'i', 's', 'o', 'm'))
	mdat := box("mdat", make([]byte, 64))
	moov := Moov(seconds, version)
	if moovLast {
		return cat(ftyp, mdat, moov)
	}
	return cat(ftyp, moov, mdat)
}

// MOV is a classic QuickTime movie without an ftyp atom: wide, mdat, then moov.
func MOV(seconds float64) []byte {
	return cat(box("wide", nil), box("mdat", make([]byte, 64)), Moov(seconds, 0))
}

// Moov is a moov atom holding only an mvhd saying seconds at timescale 600.
func Moov(seconds float64, version byte) []byte {
	const scale = 600
	var h bytes.Buffer
	h.Write([]byte{version, 0, 0, 0})
	if version == 1 {
		h.Write(make([]byte, 16)) // creation and modification times
		be32(&h, scale)
		_ = binary.Write(&h, binary.BigEndian, uint64(seconds*scale))
	} else {
		h.Write(make([]byte, 8))
		be32(&h, scale)
		be32(&h, uint32(seconds*scale))
	}
	h.Write(make([]byte, 80)) // rate, volume, matrix, next track id
	return box("moov", box("mvhd", h.Bytes()))
}

// AVI is a RIFF AVI with a main header (avih) for frames frames of usPerFrame microseconds.
func AVI(usPerFrame, frames uint32) []byte {
	var avih bytes.Buffer
	le32(&avih, usPerFrame)
	avih.Write(make([]byte, 12))
	le32(&avih, frames)
	avih.Write(make([]byte, 36))
	hdrl := append([]byte("hdrl"), riff("avih", avih.Bytes())...)
	body := append([]byte("AVI "), riff("LIST", hdrl)...)
	body = append(body, riff("LIST", append([]byte("movi"), make([]byte, 16)...))...)
	return riff("RIFF", body)
}

// Picture is a w×h test card: a colour gradient, opaque.
func Picture(w, h int) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			img.SetRGBA(x, y, color.RGBA{R: uint8(255 * x / max(1, w-1)), G: uint8(255 * y / max(1, h-1)), B: 128, A: 255})
		}
	}
	return img
}

// JPEG is a complete 16×8 JPEG.
func JPEG() []byte { return JPEGOf(Picture(16, 8)) }

// JPEGOf encodes img as a JPEG at quality 90.
func JPEGOf(img image.Image) []byte {
	var b bytes.Buffer
	_ = jpeg.Encode(&b, img, &jpeg.Options{Quality: 90})
	return b.Bytes()
}

// PNG is a complete 2×2 PNG.
func PNG() []byte { return PNGOf(Picture(2, 2)) }

// PNGOf encodes img as a PNG.
func PNGOf(img image.Image) []byte {
	var b bytes.Buffer
	_ = png.Encode(&b, img)
	return b.Bytes()
}

// GPSLatitude is the latitude, 6° 27' N (Lagos), that WithEXIF writes; as its tag's bytes they
// are found in a file only while its GPS position is.
var GPSLatitude = []byte{0, 0, 0, 6, 0, 0, 0, 1, 0, 0, 0, 27, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 1}

// WithEXIF inserts an EXIF block after a JPEG's start marker, as cameras and phones write it:
// the orientation tag (1 to 8) and a GPS position (GPSLatitude, north).
func WithEXIF(jpg []byte, orientation uint16) []byte {
	var t bytes.Buffer // a big-endian TIFF structure
	t.WriteString("MM\x00\x2a")
	be32(&t, 8) // IFD0 at 8
	be16(&t, 2) // two entries
	entry := func(tag, typ uint16, count, value uint32) {
		be16(&t, tag)
		be16(&t, typ)
		be32(&t, count)
		be32(&t, value)
	}
	entry(0x0112, 3, 1, uint32(orientation)<<16) // SHORT, left-justified in the value field
	const gpsIFD = 8 + 2 + 2*12 + 4
	entry(0x8825, 4, 1, gpsIFD)
	be32(&t, 0)                  // no next IFD
	be16(&t, 2)                  // GPS IFD: two entries
	entry(0x0001, 2, 2, 'N'<<24) // GPSLatitudeRef "N"
	entry(0x0002, 5, 3, gpsIFD+2+2*12+4)
	be32(&t, 0)
	t.Write(GPSLatitude) // three RATIONALs: degrees, minutes, seconds
	app1 := append([]byte("Exif\x00\x00"), t.Bytes()...)
	seg := []byte{0xFF, 0xE1, byte((len(app1) + 2) >> 8), byte(len(app1) + 2)}
	out := append([]byte{}, jpg[:2]...)
	out = append(out, seg...)
	out = append(out, app1...)
	return append(out, jpg[2:]...)
}

// Attacks are files that open like media and are not: the signature, then something else.
var Attacks = map[string][]byte{
	// "RIFF....WAVE" with text after it: no fmt or data chunk.
	"wav header then text": append([]byte("RIFF\x40\x00\x00\x00WAVE"), []byte("this is not audio, just words after a header")...),
	// A PNG signature and a script: a polyglot a browser might run if it were served as HTML.
	"png header then script": append([]byte("\x89PNG\r\n\x1a\n"), []byte("<script>alert(document.cookie)</script>")...),
}

func box(typ string, body []byte) []byte {
	var b bytes.Buffer
	be32(&b, uint32(8+len(body)))
	b.WriteString(typ)
	b.Write(body)
	return b.Bytes()
}

func riff(id string, body []byte) []byte {
	var b bytes.Buffer
	b.WriteString(id)
	le32(&b, uint32(len(body)))
	b.Write(body)
	if len(body)%2 == 1 {
		b.WriteByte(0)
	}
	return b.Bytes()
}

func cat(parts ...[]byte) []byte { return bytes.Join(parts, nil) }

func le16(b *bytes.Buffer, v uint16) { _ = binary.Write(b, binary.LittleEndian, v) }
func le32(b *bytes.Buffer, v uint32) { _ = binary.Write(b, binary.LittleEndian, v) }
func be16(b *bytes.Buffer, v uint16) { _ = binary.Write(b, binary.BigEndian, v) }
func be32(b *bytes.Buffer, v uint32) { _ = binary.Write(b, binary.BigEndian, v) }

// Cover is a w×h PNG of one grey, small however large it is: a release's cover art in tests.
func Cover(w, h int) []byte {
	img := image.NewGray(image.Rect(0, 0, w, h))
	for i := range img.Pix {
		img.Pix[i] = 0x80
	}
	return PNGOf(img)
}
