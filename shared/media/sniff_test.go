package media_test

import (
	"bytes"
	"math"
	"testing"

	"zuum/shared/media"
	"zuum/shared/media/mediatest"
)

func TestSniff_TellsEveryAcceptedTypeAndRefusesNearMisses(t *testing.T) {
	t.Parallel()
	truncatedFrame := mediatest.MP3(2)[:500] // a whole frame, then the start of the next
	strayFrame := append(append([]byte{}, mediatest.MP3(1)...), []byte("<html>not a second frame</html>")...)
	cases := []struct {
		name string
		b    []byte
		want string
	}{
		{"mp3 frames", mediatest.MP3(3), "audio/mpeg"},
		{"mp3 with Xing", mediatest.MP3Xing(3), "audio/mpeg"},
		{"mp3 after ID3", mediatest.ID3(100, mediatest.MP3(3)), "audio/mpeg"},
		{"mp3 after two ID3 tags", mediatest.ID3(20, mediatest.ID3(30, mediatest.MP3(3))), "audio/mpeg"},
		{"mp3 after ID3 and stray bytes", mediatest.ID3(20, append([]byte{0, 0, 0}, mediatest.MP3(3)...)), "audio/mpeg"},
		{"mp3 frame cut short", truncatedFrame, "audio/mpeg"},
		{"wav", mediatest.WAV(0.1), "audio/wav"},
		{"flac", mediatest.FLAC(1), "audio/flac"},
		{"flac after ID3", mediatest.ID3(50, mediatest.FLAC(1)), "audio/flac"},
		{"aac adts", mediatest.ADTS(3), "audio/aac"},
		{"aac adts after ID3", mediatest.ID3(50, mediatest.ADTS(3)), "audio/aac"},
		{"mp4", mediatest.MP4("isom", 2, 0, false), "video/mp4"},
		{"mp4 moov last", mediatest.MP4("mp42", 2, 1, true), "video/mp4"},
		{"mov with ftyp", mediatest.MP4("qt  ", 2, 0, false), "video/quicktime"},
		{"mov starting with wide", mediatest.MOV(2), "video/quicktime"},
		{"mov starting with mdat", mediatest.MOV(2)[8:], "video/quicktime"},
		{"mov starting with moov", mediatest.Moov(2, 0), "video/quicktime"},
		{"avi", mediatest.AVI(40000, 25), "video/x-msvideo"},
		{"jpeg", mediatest.JPEG(), "image/jpeg"},
		{"png", mediatest.PNG(), "image/png"},

		{"empty", nil, ""},
		{"text", []byte("just some notes about my song\n"), ""},
		{"html renamed .mp3", []byte("<!DOCTYPE html><html><body>not audio</body></html>"), ""},
		{"ID3 tag then html", mediatest.ID3(20, []byte("<!DOCTYPE html><html></html>")), ""},
		{"ID3 tag with a bad size", append([]byte("ID3\x04\x00\x00\x80\x80\x80\x80"), mediatest.MP3(2)...), ""},
		{"one stray sync word", strayFrame, ""},
		{"sync word with reserved version", []byte{0xFF, 0xEB, 0x90, 0x40, 0, 0, 0, 0}, ""},
		{"sync word with free bitrate", []byte{0xFF, 0xFB, 0x00, 0x40, 0, 0, 0, 0}, ""},
		{"RIFF but WEBP", []byte("RIFF\x10\x00\x00\x00WEBPVP8 "), ""},
		{"fLaC without STREAMINFO", []byte("fLaC\x04\x00\x00\x10abcdefgh"), ""},
		{"zip", []byte("PK\x03\x04\x14\x00\x00\x00\x08\x00"), ""},
		{"pdf", []byte("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n"), ""},
		{"an unknown atom", []byte("\x00\x00\x00\x10junkjunkjunkjunk"), ""},
		{"free atom then text", append([]byte("\x00\x00\x00\x08free"), []byte("hello world, no movie")...), ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := media.Sniff(c.b); got != c.want {
				t.Errorf("Sniff = %q, want %q", got, c.want)
			}
			if got := media.SniffAt(bytes.NewReader(c.b), int64(len(c.b))); got != c.want {
				t.Errorf("SniffAt = %q, want %q", got, c.want)
			}
		})
	}
}

func TestSniff_PNGIsNoAudioOfAnyKind(t *testing.T) {
	t.Parallel()
	ct := media.Sniff(mediatest.PNG())
	audio, _ := media.RuleOf(media.Audio)
	if ct != "image/png" || audio.Accepts(ct) || media.KindOf(ct) != media.Image {
		t.Fatalf("a PNG sniffs as %q, kind %q; the audio rule must refuse it", ct, media.KindOf(ct))
	}
}

// A tag larger than the head (cover art) hides what follows from Sniff; SniffAt reads past it.
func TestSniffAt_ReadsPastAnID3TagLongerThanTheHead(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name       string
		b          []byte
		head, full string
	}{
		{"aac", mediatest.ID3(3*media.SniffLen, mediatest.ADTS(4)), "audio/mpeg", "audio/aac"},
		{"flac", mediatest.ID3(3*media.SniffLen, mediatest.FLAC(1)), "audio/mpeg", "audio/flac"},
		{"mp3", mediatest.ID3(3*media.SniffLen, mediatest.MP3(2)), "audio/mpeg", "audio/mpeg"},
		{"text", mediatest.ID3(3*media.SniffLen, []byte("hello, I am text")), "audio/mpeg", ""},
		{"nothing after the tag", mediatest.ID3(3*media.SniffLen, nil), "audio/mpeg", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := media.Sniff(c.b[:media.SniffLen]); got != c.head {
				t.Errorf("Sniff(head) = %q, want %q", got, c.head)
			}
			if got := media.SniffAt(bytes.NewReader(c.b), int64(len(c.b))); got != c.full {
				t.Errorf("SniffAt = %q, want %q", got, c.full)
			}
		})
	}
}

func TestDuration_ReadsEachFormatsHeaders(t *testing.T) {
	t.Parallel()
	mp3CBR := mediatest.MP3(100)
	cases := []struct {
		name string
		ct   string
		b    []byte
		want float64
	}{
		{"wav", "audio/wav", mediatest.WAV(1.5), 1.5},
		{"wav streamed without a data size", "audio/x-wav", unsizedWAV(mediatest.WAV(0.5)), 0.5},
		{"mp3 Xing", "audio/mpeg", mediatest.MP3Xing(200), 200 * mediatest.MP3FrameSeconds},
		{"mp3 Xing after ID3", "audio/mpeg", mediatest.ID3(300, mediatest.MP3Xing(50)), 50 * mediatest.MP3FrameSeconds},
		{"mp3 VBRI", "audio/mpeg", mediatest.MP3VBRI(120), 120 * mediatest.MP3FrameSeconds},
		{"mp3 CBR estimate", "audio/mpeg", mp3CBR, float64(len(mp3CBR)) * 8 / 128000},
		{"mp3 CBR with ID3v1 trailer", "audio/mpeg", append(mediatest.MP3(100), id3v1()...), float64(len(mp3CBR)) * 8 / 128000},
		{"flac", "audio/flac", mediatest.FLAC(3.25), 3.25},
		{"flac after ID3", "audio/flac", mediatest.ID3(64, mediatest.FLAC(2)), 2},
		{"aac", "audio/aac", mediatest.ADTS(430), 430 * mediatest.ADTSFrameSeconds},
		{"aac after ID3, last frame cut", "audio/aac", mediatest.ID3(40, mediatest.ADTS(10)[:64*10-5]), 9 * mediatest.ADTSFrameSeconds},
		{"mp4 mvhd v0", "video/mp4", mediatest.MP4("isom", 12.5, 0, false), 12.5},
		{"mp4 mvhd v1, moov last", "video/mp4", mediatest.MP4("mp42", 61, 1, true), 61},
		{"mov", "video/quicktime", mediatest.MOV(7), 7},
		{"avi", "video/x-msvideo", mediatest.AVI(40000, 250), 10},
		{"image", "image/png", mediatest.PNG(), 0},
		{"garbage said to be mp3", "audio/mpeg", []byte("not audio at all"), 0},
		{"truncated mp4", "video/mp4", mediatest.MP4("isom", 5, 0, false)[:40], 0},
		{"unknown type", "application/pdf", mediatest.WAV(1), 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := media.Duration(c.ct, bytes.NewReader(c.b), int64(len(c.b)))
			if math.Abs(got-c.want) > 1e-6 {
				t.Errorf("Duration = %v, want %v", got, c.want)
			}
		})
	}
}

// unsizedWAV sets the data chunk's size to 0xFFFFFFFF, as streaming recorders leave it.
func unsizedWAV(b []byte) []byte {
	out := append([]byte{}, b...)
	copy(out[40:44], []byte{0xFF, 0xFF, 0xFF, 0xFF})
	return out
}

func id3v1() []byte {
	t := make([]byte, 128)
	copy(t, "TAG")
	return t
}
