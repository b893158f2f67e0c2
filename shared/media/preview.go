package media

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"path"
	"strings"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/google/uuid"
)

// PreviewSeconds is how long a beat's preview plays (spec part 2 §9: preview length 10 s).
const PreviewSeconds = 10

// ErrNoPreview is returned by Cut for audio it cannot cut without re-encoding: only MP3 (by
// whole frames) and WAV (by whole sample frames) are cut.
var ErrNoPreview = errors.New("media: only MP3 and WAV audio can be cut into a preview")

// Cut returns the first seconds of the audio file r (size bytes, of contentType) as a file of
// the same type, without re-encoding: an MP3 keeps its first whole frames (its ID3 tags and a
// Xing, Info or VBRI frame, which would announce the whole file's length, are left out) behind
// an Info frame that counts them, so players and Duration know its exact length; a WAV
// keeps its fmt chunk and the first whole sample frames of its data. A file shorter than
// seconds is returned whole, in the same shape. The file must be one ExamineFile accepts.
func Cut(contentType string, r io.ReaderAt, size int64, seconds float64) ([]byte, error) {
	switch Canonical(contentType) {
	case "audio/mpeg":
		return cutMP3(r, size, seconds)
	case "audio/wav":
		return cutWAV(r, size, seconds)
	}
	return nil, ErrNoPreview
}

// cutMP3 keeps whole MPEG audio frames from the first one until they play for seconds.
func cutMP3(r io.ReaderAt, size int64, seconds float64) ([]byte, error) {
	off, ok := firstFrame(r, afterID3(r, size), size, mpegLen)
	if !ok {
		return nil, errors.New("media: no MPEG audio frame to cut")
	}
	if f, _ := parseMPEG(readAt(r, off, 4)); infoFrame(readHead(r, off, size), f) {
		off += int64(f.length)
	}
	var (
		out     bytes.Buffer
		samples int
		rate    int
		frames  uint32
		first   []byte
	)
	for off < size {
		h := readAt(r, off, 4)
		f, ok := parseMPEG(h)
		if !ok || rate != 0 && f.sampleRate != rate || off+int64(f.length) > size {
			break // a trailing ID3v1 tag, junk or a frame cut short: the audio ends here
		}
		if rate = f.sampleRate; float64(samples) >= seconds*float64(rate) {
			break
		}
		frame := readAt(r, off, f.length)
		if frame == nil {
			return nil, errors.New("media: an MPEG audio frame could not be read")
		}
		if first == nil {
			first = frame
		}
		out.Write(frame)
		samples += f.samples
		frames++
		off += int64(f.length)
	}
	if out.Len() == 0 {
		return nil, errors.New("media: no MPEG audio frame to cut")
	}
	return append(infoFrameFor(first, frames), out.Bytes()...), nil
}

// infoFrameFor is an Info frame (what encoders write before constant-bitrate audio) shaped like
// the audio frame first, without a CRC, counting frames: a frame of silence whose side
// information is zero, holding "Info", the flags (frame count present) and the count.
func infoFrameFor(first []byte, frames uint32) []byte {
	h := [4]byte{first[0], first[1] | 1, first[2], first[3]} // protection bit set: no CRC follows
	f, _ := parseMPEG(h[:])
	b := make([]byte, f.length)
	copy(b, h[:])
	x := 4 + f.sideInfoLen()
	copy(b[x:], "Info")
	binary.BigEndian.PutUint32(b[x+4:], 1)
	binary.BigEndian.PutUint32(b[x+8:], frames)
	return b
}

// infoFrame reports whether the frame f at the start of b carries a Xing, Info or VBRI header
// (a frame of silence that tells players the file's frame count).
func infoFrame(b []byte, f mpegFrame) bool {
	x := 4 + f.sideInfoLen()
	return len(b) >= x+4 && (string(b[x:x+4]) == "Xing" || string(b[x:x+4]) == "Info") ||
		len(b) >= 40 && string(b[36:40]) == "VBRI"
}

// cutWAV writes a RIFF WAVE with the fmt chunk of r and the first whole sample frames of its
// data chunk that play for seconds.
func cutWAV(r io.ReaderAt, size int64, seconds float64) ([]byte, error) {
	var fmtChunk []byte
	for c := range wavChunks(r) {
		off, n := c.off, c.n
		switch c.id {
		case "fmt ":
			if fmtChunk = readAt(r, off, int(8+n)); fmtChunk == nil || n < 16 {
				return nil, errors.New("media: the fmt chunk is cut short")
			}
		case "data":
			if fmtChunk == nil {
				return nil, errors.New("media: the data chunk comes before any fmt chunk")
			}
			byteRate, align := int64(le32(fmtChunk, 8+8)), int64(le16(fmtChunk, 8+12))
			if align <= 0 || byteRate <= 0 {
				return nil, errors.New("media: the fmt chunk has no block align or byte rate")
			}
			data := min(n, size-off-8) // streamed WAVs leave the size unset (0xFFFFFFFF)
			keep := min(data, int64(math.Floor(seconds*float64(byteRate)/float64(align)))*align)
			keep -= keep % align
			samples := readAt(r, off+8, int(keep))
			if samples == nil || keep <= 0 {
				return nil, errors.New("media: the data chunk holds no samples")
			}
			if len(fmtChunk)%2 == 1 {
				fmtChunk = append(fmtChunk, 0) // chunks are padded to an even length
			}
			var out bytes.Buffer
			out.WriteString("RIFF")
			_ = binary.Write(&out, binary.LittleEndian, uint32(4+len(fmtChunk)+8+len(samples)+len(samples)%2))
			out.WriteString("WAVE")
			out.Write(fmtChunk)
			out.WriteString("data")
			_ = binary.Write(&out, binary.LittleEndian, uint32(len(samples)))
			out.Write(samples)
			if len(samples)%2 == 1 {
				out.WriteByte(0)
			}
			return out.Bytes(), nil
		}
	}
	return nil, errors.New("media: no data chunk to cut")
}

// CutPreview cuts the first PreviewSeconds of the audio file at key (a beat's checked copy,
// under FinalPrefixOf(owner, Audio)) into a file of its own beside it (Cut), checks the preview
// with ExamineFile, and returns its Meta: the new key, type, size and duration. It returns
// ErrNoPreview for audio that is not MP3 or WAV.
func (s *Store) CutPreview(ctx context.Context, owner, key string) (Meta, error) {
	obj := &object{ctx: ctx, store: s, key: key}
	if err := obj.open(); err != nil {
		return Meta{}, err
	}
	contentType := SniffAt(obj, obj.size)
	cut, err := Cut(contentType, obj, obj.size, PreviewSeconds)
	if obj.err != nil {
		return Meta{}, fmt.Errorf("cut a preview of %s: %w", key, obj.err)
	}
	if err != nil {
		return Meta{}, err
	}
	m := ExamineFile(bytes.NewReader(cut), int64(len(cut)), Audio, contentType)
	if !m.OK() {
		return Meta{}, fmt.Errorf("media: the preview of %s does not pass its own check: %s", key, m.Reason)
	}
	m.Key = FinalPrefixOf(owner, Audio) + uuid.NewString() + "-preview" + strings.ToLower(path.Ext(key))
	if _, err := s.s3.PutObject(ctx, &s3.PutObjectInput{
		Bucket: &s.bucket, Key: &m.Key, Body: bytes.NewReader(cut),
		ContentType: aws.String(m.ContentType), ContentLength: aws.Int64(int64(len(cut))),
	}); err != nil {
		return Meta{}, fmt.Errorf("store the preview of %s: %w", key, err)
	}
	return m, nil
}
