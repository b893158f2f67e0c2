package media_test

import (
	"bytes"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"math"
	"strings"
	"testing"

	"zuum/shared/media"
	"zuum/shared/media/mediatest"
)

func examine(b []byte, kind media.Kind, stored string) media.Meta {
	return media.ExamineFile(bytes.NewReader(b), int64(len(b)), kind, stored)
}

func TestExamineFile_PassesRealFilesWithTheirDuration(t *testing.T) {
	t.Parallel()
	mp3 := mediatest.MP3(100)
	cases := []struct {
		name   string
		kind   media.Kind
		stored string
		b      []byte
		want   float64
	}{
		{"wav", media.Audio, "audio/wav", mediatest.WAV(2), 2},
		{"mp3 frames", media.Audio, "audio/mpeg", mp3, float64(len(mp3)) * 8 / 128000},
		{"mp3 after a long ID3 tag", media.Audio, "audio/mpeg", mediatest.ID3(3*media.SniffLen, mediatest.MP3Xing(100)), 100 * mediatest.MP3FrameSeconds},
		{"aac", media.Audio, "audio/aac", mediatest.ADTS(43), 43 * mediatest.ADTSFrameSeconds},
		{"flac", media.Audio, "audio/flac", mediatest.FLAC(3.5), 3.5},
		{"mp4", media.Video, "video/mp4", mediatest.MP4("isom", 3, 0, true), 3},
		{"mov", media.Video, "video/quicktime", mediatest.MOV(7), 7},
		{"avi", media.Video, "video/x-msvideo", mediatest.AVI(40000, 250), 10},
		{"png", media.Image, "image/png", mediatest.PNG(), 0},
		{"jpeg", media.Image, "image/jpeg", mediatest.JPEG(), 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := examine(c.b, c.kind, c.stored)
			if !m.OK() || math.Abs(m.Duration-c.want) > 1e-6 || m.Size != int64(len(c.b)) {
				t.Errorf("got %+v, want ok with %.4f s", m, c.want)
			}
		})
	}
}

// cut is b without its last n bytes.
func cut(b []byte, n int) []byte { return b[:len(b)-n] }

// with returns b with the bytes at off replaced by p.
func with(b []byte, off int, p ...byte) []byte {
	b = bytes.Clone(b)
	copy(b[off:], p)
	return b
}

// hugePNG is a PNG header saying width×height, with no pixels: decoding it would allocate them.
func hugePNG(width, height uint32) []byte {
	ihdr := binary.BigEndian.AppendUint32(nil, width)
	ihdr = binary.BigEndian.AppendUint32(ihdr, height)
	ihdr = append(ihdr, 8, 0, 0, 0, 0)
	chunk := append([]byte("IHDR"), ihdr...)
	out := append([]byte("\x89PNG\r\n\x1a\n"), 0, 0, 0, 13)
	out = append(out, chunk...)
	return binary.BigEndian.AppendUint32(out, crc32.ChecksumIEEE(chunk))
}

func TestExamineFile_RefusesAttacksTruncatedAndGarbageFiles(t *testing.T) {
	t.Parallel()
	wav, mp4 := mediatest.WAV(1), mediatest.MP4("isom", 3, 0, true)
	junk := []byte(strings.Repeat("junk after a header ", 40))
	cases := []struct {
		name   string
		kind   media.Kind
		stored string
		b      []byte
		reason string // the start of the reason
	}{
		{"wav header then text", media.Audio, "audio/wav", mediatest.Attacks["wav header then text"], "the bytes are not a valid audio/wav file: no fmt chunk"},
		{"wav without its data chunk", media.Audio, "audio/wav", wav[:36], "the bytes are not a valid audio/wav file: no data chunk"},
		{"wav with an empty data chunk", media.Audio, "audio/wav", mediatest.WAV(0), "the bytes are not a valid audio/wav file: the data chunk holds no samples"},
		{"wav of an unknown format", media.Audio, "audio/wav", with(wav, 20, 0x34, 0x12), "the bytes are not a valid audio/wav file: format 0x1234"},
		{"wav of no channels", media.Audio, "audio/wav", with(wav, 22, 0, 0), "the bytes are not a valid audio/wav file: 0 channels"},
		{"wav of an impossible byte rate", media.Audio, "audio/wav", with(wav, 28, 1, 0, 0, 0), "the bytes are not a valid audio/wav file: the block align or byte rate"},
		{"wav cut in its fmt chunk", media.Audio, "audio/wav", wav[:30], "the bytes are not a valid audio/wav file: the fmt chunk is cut short"},
		{"one mp3 frame then text", media.Audio, "audio/mpeg", append(mediatest.MP3(1), junk...), "the bytes are not a valid audio file"},
		{"two mp3 frames, the second cut", media.Audio, "audio/mpeg", cut(mediatest.MP3(2), 10), "the bytes are not a valid audio/mpeg file: frame 2 runs past the end"},
		{"mp3 frames then a broken chain", media.Audio, "audio/mpeg", append(mediatest.MP3(2), junk...), "the bytes are not a valid audio/mpeg file: frame 3 of MPEG audio is not one"},
		{"an ID3 tag and nothing", media.Audio, "audio/mpeg", mediatest.ID3(100, junk), "the bytes are not a valid audio file"},
		{"two aac frames", media.Audio, "audio/aac", mediatest.ADTS(2), "the bytes are not a valid audio/aac file: frame 3 of ADTS is not one"},
		{"aac frames then text", media.Audio, "audio/aac", append(mediatest.ADTS(2), junk...), "the bytes are not a valid audio/aac file: frame 3 of ADTS is not one"},
		{"flac without frames", media.Audio, "audio/flac", cut(mediatest.FLAC(1), 4), "the bytes are not a valid audio/flac file: no audio frame after the metadata"},
		{"flac at 0 Hz", media.Audio, "audio/flac", with(mediatest.FLAC(1), 18, 0, 0, 0x0F), "the bytes are not a valid audio/flac file: STREAMINFO says no sample rate"},
		{"flac of unknown length", media.Audio, "audio/flac", mediatest.FLAC(0), "the bytes are not a valid audio/flac file: it plays for no time"},
		{"mp4 cut short", media.Video, "video/mp4", cut(mp4, 20), `the bytes are not a valid video/mp4 file: the "moov" box runs past the end`},
		{"mp4 without moov", media.Video, "video/mp4", mp4[:len(mp4)-len(mediatest.Moov(3, 0))], "the bytes are not a valid video/mp4 file: no moov box"},
		{"mp4 then junk", media.Video, "video/mp4", append(bytes.Clone(mp4), junk...), `the bytes are not a valid video/mp4 file: the " aft" box runs past the end`},
		{"mov cut short", media.Video, "video/quicktime", cut(mediatest.MOV(2), 30), `the bytes are not a valid video/quicktime file: the "moov" box runs past the end`},
		{"avi cut short", media.Video, "video/x-msvideo", cut(mediatest.AVI(40000, 25), 30), "the bytes are not a valid video/x-msvideo file: the RIFF runs past the end"},
		{"avi header then text", media.Video, "video/x-msvideo", append([]byte("RIFF\x30\x00\x00\x00AVI "), junk[:0x28]...), "the bytes are not a valid video/x-msvideo file"},
		{"png header then script", media.Image, "image/png", mediatest.Attacks["png header then script"], "the bytes are not a valid image/png file: its header does not decode"},
		{"png cut short", media.Image, "image/png", cut(mediatest.PNG(), 20), "the bytes are not a valid image/png file: it does not decode"},
		{"png with a broken chunk", media.Image, "image/png", with(mediatest.PNG(), 40, 0xDE, 0xAD), "the bytes are not a valid image/png file"},
		{"png of a billion pixels", media.Image, "image/png", hugePNG(40000, 40000), "the bytes are not a valid image/png file: 40000×40000 pixels"},
		{"jpeg cut in its header", media.Image, "image/jpeg", mediatest.JPEG()[:300], "the bytes are not a valid image/jpeg file: its header does not decode"},
		{"jpeg cut in its pixels", media.Image, "image/jpeg", cut(mediatest.JPEGOf(mediatest.Picture(64, 64)), 200), "the bytes are not a valid image/jpeg file: it does not decode"},
		{"jpeg header then script", media.Image, "image/jpeg", append([]byte{0xFF, 0xD8, 0xFF, 0xE0, 0, 4, 0, 0}, "<script>"...), "the bytes are not a valid image/jpeg file"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := examine(c.b, c.kind, c.stored)
			if m.Status != media.StatusRejected || !strings.HasPrefix(m.Reason, c.reason) {
				t.Errorf("got %+v, want rejected with %q…", m, c.reason)
			}
		})
	}
}

func TestReencode_DropsEXIFWithItsGPSAndTurnsThePictureUpright(t *testing.T) {
	t.Parallel()
	// A phone's picture: stored 40×20 as the sensor saw it, with orientation 6 (turn it a
	// quarter clockwise to view) and where it was taken.
	src := mediatest.Picture(40, 20)
	src.SetRGBA(0, 0, color.RGBA{255, 255, 255, 255}) // the sensor's top left: the view's top right
	shot := mediatest.WithEXIF(mediatest.JPEGOf(src), 6)
	if !bytes.Contains(shot, mediatest.GPSLatitude) {
		t.Fatal("the test picture carries no GPS position")
	}
	pic, err := media.Reencode(shot)
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(pic.Data, mediatest.GPSLatitude) || bytes.Contains(pic.Data, []byte("Exif")) {
		t.Error("the GPS position survived")
	}
	img, err := jpeg.Decode(bytes.NewReader(pic.Data))
	if err != nil || pic.ContentType != "image/jpeg" || pic.Ext != ".jpg" {
		t.Fatalf("%s %s: %v", pic.ContentType, pic.Ext, err)
	}
	if b := img.Bounds(); b.Dx() != 20 || b.Dy() != 40 {
		t.Errorf("%v, want 20×40: turned upright", b)
	}
	if r, g, b, _ := img.At(19, 0).RGBA(); r>>8 < 200 || g>>8 < 200 || b>>8 < 200 {
		t.Errorf("top right is %d,%d,%d, want the white corner", r>>8, g>>8, b>>8)
	}
}

func TestReencode_ShrinksBigPicturesAndKeepsPNGTransparency(t *testing.T) {
	t.Parallel()
	big := image.NewNRGBA(image.Rect(0, 0, 3000, 1000))
	big.SetNRGBA(0, 0, color.NRGBA{10, 20, 30, 0})
	pic, err := media.Reencode(mediatest.PNGOf(big))
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(pic.Data))
	if err != nil || pic.ContentType != "image/png" || pic.Ext != ".png" {
		t.Fatalf("%s: %v", pic.ContentType, err)
	}
	if b := img.Bounds(); b.Dx() != media.MaxImageSide || b.Dy() != media.MaxImageSide/3 {
		t.Errorf("%v, want %d×%d", b, media.MaxImageSide, media.MaxImageSide/3)
	}
	if _, _, _, a := img.At(0, 0).RGBA(); a != 0 {
		t.Errorf("alpha %d, want transparent", a)
	}
	small := mediatest.JPEG()
	if pic, err := media.Reencode(small); err != nil || pic.ContentType != "image/jpeg" {
		t.Errorf("a small jpeg: %+v %v", pic.ContentType, err)
	}
}

func TestReencode_RefusesWhatIsNotAPicture(t *testing.T) {
	t.Parallel()
	for name, b := range map[string][]byte{
		"png header then script": mediatest.Attacks["png header then script"],
		"jpeg cut short":         mediatest.JPEG()[:300],
		"audio":                  mediatest.WAV(1),
		"empty":                  nil,
	} {
		if _, err := media.Reencode(b); !errors.Is(err, media.ErrNotPicture) {
			t.Errorf("%s: %v, want ErrNotPicture", name, err)
		}
	}
}
