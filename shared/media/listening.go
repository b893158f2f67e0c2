package media

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/s3"
)

// Listening copies: every audio file a post plays (a track, a beat's full audio, a beat's
// preview) gets AAC-LC copies in MP4 beside it, made by ffmpeg after the post is published, so a
// listener on a phone plan downloads a fraction of the upload (an MP3 at 320 kbit/s is 2.4 MB a
// minute; the data-saver copy under 0.5 MB).
const (
	// DataSaverKbps is the data-saver copy's bitrate: one channel, about 0.48 MB a minute.
	DataSaverKbps = 64
	// NormalKbps is the normal copy's bitrate: up to two channels, about 0.96 MB a minute.
	NormalKbps = 128
	// ListeningFormat is the copies' container, as the API names it; ListeningType their
	// Content-Type.
	ListeningFormat = "m4a"
	ListeningType   = "audio/mp4"
	// TranscodeTimeout bounds one ffmpeg run (both copies of one file). It transcodes a minute
	// of audio in about two seconds of one core, so this covers the longest audio upload.
	TranscodeTimeout = 5 * time.Minute
	// listeningRate is the copies' sample rate in Hz.
	listeningRate = 44100
)

// ListeningKbps are the bitrates of the copies every audio file gets, ascending.
var ListeningKbps = []int{DataSaverKbps, NormalKbps}

// ListeningKey is the key of the copy at kbps of the audio at key: key without its extension,
// then .a<kbps>.m4a (media/u/audio/<uuid>.wav → media/u/audio/<uuid>.a64.m4a).
func ListeningKey(key string, kbps int) string {
	return strings.TrimSuffix(key, path.Ext(key)) + ".a" + strconv.Itoa(kbps) + "." + ListeningFormat
}

// ListeningKeys are the keys of every copy of the audio at key (ListeningKbps), whether made
// yet or not.
func ListeningKeys(key string) []string {
	keys := make([]string, len(ListeningKbps))
	for i, k := range ListeningKbps {
		keys[i] = ListeningKey(key, k)
	}
	return keys
}

// FFmpeg runs the ffmpeg binary at Path ("" finds "ffmpeg" on the PATH: Debian's /usr/bin/ffmpeg
// in the local cloud; in AWS the layer's /opt/bin/ffmpeg, named by FFMPEG_PATH).
type FFmpeg struct {
	Path string
	// Timeout bounds one run; 0 is TranscodeTimeout.
	Timeout time.Duration
}

// ErrTranscode wraps an ffmpeg run that failed on the file (not an AWS error): the audio does
// not decode, or ffmpeg ran out of time.
var ErrTranscode = errors.New("media: ffmpeg could not transcode the audio")

// transcodeArgs are ffmpeg's arguments turning src into one copy per ListeningKbps, named by
// out: the first audio stream only, without tags or pictures, AAC-LC at 44.1 kHz with its index
// at the front (so playback starts before the file has loaded); the data-saver copy mixed down
// to one channel, the normal one keeping one or two as the source has (more are mixed to two).
func transcodeArgs(src string, out func(kbps int) string) []string {
	args := []string{"-nostdin", "-hide_banner", "-loglevel", "error", "-y", "-i", src}
	for _, kbps := range ListeningKbps {
		channels := []string{"-af", "aformat=channel_layouts=mono|stereo"}
		if kbps == DataSaverKbps {
			channels = []string{"-ac", "1"}
		}
		args = append(args, "-map", "0:a:0", "-vn", "-map_metadata", "-1", "-c:a", "aac",
			"-b:a", strconv.Itoa(kbps)+"k", "-ar", strconv.Itoa(listeningRate))
		args = append(args, channels...)
		args = append(args, "-movflags", "+faststart", "-f", "mp4", out(kbps))
	}
	return args
}

// Transcode writes the listening copies of the audio file src into dir (one file per
// ListeningKbps, named by their bitrate) in one ffmpeg run bounded by f.Timeout, and returns
// their paths in ListeningKbps order.
func (f FFmpeg) Transcode(ctx context.Context, src, dir string) ([]string, error) {
	bin := f.Path
	if bin == "" {
		bin = "ffmpeg"
	}
	timeout := f.Timeout
	if timeout <= 0 {
		timeout = TranscodeTimeout
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	out := func(kbps int) string { return filepath.Join(dir, strconv.Itoa(kbps)+"."+ListeningFormat) }
	cmd := exec.CommandContext(ctx, bin, transcodeArgs(src, out)...)
	cmd.Dir = dir
	cmd.WaitDelay = 5 * time.Second
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		var exit *exec.ExitError
		if errors.As(err, &exit) || ctx.Err() != nil {
			return nil, fmt.Errorf("%w: %v: %s", ErrTranscode, err, strings.TrimSpace(tail(stderr.String(), 500)))
		}
		return nil, fmt.Errorf("run %s: %w", bin, err) // not installed, or not runnable
	}
	paths := make([]string, len(ListeningKbps))
	for i, kbps := range ListeningKbps {
		paths[i] = out(kbps)
	}
	return paths, nil
}

// tail is the last n bytes of s.
func tail(s string, n int) string {
	if len(s) > n {
		return s[len(s)-n:]
	}
	return s
}

// MakeListening makes the listening copies of the audio at key (ListeningKey, one per
// ListeningKbps) and stores them beside it, served as covers' renditions are (immutable). It
// works in a temporary directory it removes: the audio is downloaded there, transcoded by f, and
// the copies uploaded. It is idempotent (a rerun writes the same keys again). It returns the
// bitrates made, ErrNoObject when there is no audio at key, ErrTranscode (wrapped) when ffmpeg
// fails on it, and AWS errors as they are; on any error no copy is left behind.
func (s *Store) MakeListening(ctx context.Context, key string, f FFmpeg) ([]int, error) {
	dir, err := os.MkdirTemp("", "listening-")
	if err != nil {
		return nil, fmt.Errorf("listening copies of %s: %w", key, err)
	}
	defer os.RemoveAll(dir)
	src := filepath.Join(dir, "source"+strings.ToLower(path.Ext(key)))
	if err := s.download(ctx, key, src); err != nil {
		return nil, err
	}
	paths, err := f.Transcode(ctx, src, dir)
	if err != nil {
		return nil, fmt.Errorf("listening copies of %s: %w", key, err)
	}
	for i, kbps := range ListeningKbps {
		data, err := os.ReadFile(paths[i])
		if err == nil {
			err = s.put(ctx, ListeningKey(key, kbps), data, ListeningType, RenditionCacheControl)
		}
		if err != nil {
			s.Discard(ctx, "listening copies not all stored", ListeningKeys(key)...)
			return nil, fmt.Errorf("listening copies of %s: %w", key, err)
		}
	}
	return append([]int(nil), ListeningKbps...), nil
}

// download writes the object at key to the file dst.
func (s *Store) download(ctx context.Context, key, dst string) error {
	out, err := s.s3.GetObject(ctx, &s3.GetObjectInput{Bucket: &s.bucket, Key: &key})
	if isNoSuchKey(err) {
		return ErrNoObject
	}
	if err != nil {
		return fmt.Errorf("get %s: %w", key, err)
	}
	defer out.Body.Close()
	file, err := os.Create(dst)
	if err != nil {
		return err
	}
	_, err = io.Copy(file, out.Body)
	if cerr := file.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("download %s: %w", key, err)
	}
	return nil
}
