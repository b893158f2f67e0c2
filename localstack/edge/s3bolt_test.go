package edge

import (
	"bytes"
	"crypto/md5"
	"fmt"
	"io"
	"sync"
	"testing"

	"github.com/johannesboyne/gofakes3"
)

// The seeding crash: copies and reads of objects while other uploads grow the bbolt file. Before
// the fix s3bolt handed out slices of bbolt's memory map after its read transaction ended, so a
// CopyObject faulted (SIGSEGV) formatting the source's hash once a concurrent write had remapped
// the file, and reads could return bytes of other objects.
func TestS3BoltCopiesAndReadsStayIntactWhileUploadsGrowTheFile(t *testing.T) {
	t.Parallel()
	backend, db, err := openS3Backend(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = db.Close() })
	const bucket = "media"
	if err := backend.CreateBucket(bucket); err != nil {
		t.Fatal(err)
	}
	source := bytes.Repeat([]byte("zuum-source-"), 4096)
	sourceHash := md5.Sum(source)
	if _, err := backend.PutObject(bucket, "source", map[string]string{"Content-Type": "audio/wav"}, bytes.NewReader(source), int64(len(source)), nil); err != nil {
		t.Fatal(err)
	}

	const rounds = 60
	errs := make(chan error, 64)
	var wg sync.WaitGroup
	// Writers: ever larger objects under new keys, so bbolt keeps growing and remapping its file.
	for w := range 3 {
		wg.Go(func() {
			for i := range rounds {
				body := bytes.Repeat([]byte{byte('a' + w)}, 32<<10*(i%8+1))
				key := fmt.Sprintf("grow/%d/%d", w, i)
				if _, err := backend.PutObject(bucket, key, nil, bytes.NewReader(body), int64(len(body)), nil); err != nil {
					errs <- err
					return
				}
				if i%3 == 0 {
					if _, err := backend.DeleteObject(bucket, fmt.Sprintf("grow/%d/%d", w, i/2)); err != nil {
						errs <- err
						return
					}
				}
			}
		})
	}
	// Copiers: what the media functions do with an upload, against the same file.
	for c := range 3 {
		wg.Go(func() {
			for i := range rounds {
				res, err := backend.CopyObject(bucket, "source", bucket, fmt.Sprintf("copy/%d/%d", c, i), map[string]string{"Content-Type": "audio/wav"})
				if err != nil {
					errs <- err
					return
				}
				if want := gofakes3.FormatETag(sourceHash[:]); res.ETag != want {
					errs <- fmt.Errorf("copy %d/%d: ETag %s, want %s", c, i, res.ETag, want)
					return
				}
			}
		})
	}
	// Readers: every GET and HEAD of the source gives its bytes and hash, whatever else happens.
	for r := range 3 {
		wg.Go(func() {
			for i := range rounds {
				obj, err := backend.GetObject(bucket, "source", nil)
				if err != nil {
					errs <- err
					return
				}
				got, err := io.ReadAll(obj.Contents)
				_ = obj.Contents.Close()
				if err != nil {
					errs <- err
					return
				}
				head, err := backend.HeadObject(bucket, "source")
				if err != nil {
					errs <- err
					return
				}
				if !bytes.Equal(got, source) || !bytes.Equal(obj.Hash, sourceHash[:]) || !bytes.Equal(head.Hash, sourceHash[:]) {
					errs <- fmt.Errorf("reader %d, round %d: the source object came back changed", r, i)
					return
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	for c := range 3 {
		obj, err := backend.GetObject(bucket, fmt.Sprintf("copy/%d/%d", c, rounds-1), nil)
		if err != nil {
			t.Fatal(err)
		}
		got, _ := io.ReadAll(obj.Contents)
		if !bytes.Equal(got, source) || obj.Metadata["Content-Type"] != "audio/wav" {
			t.Errorf("copy %d: %d bytes, metadata %v; want the source's %d bytes as audio/wav", c, len(got), obj.Metadata, len(source))
		}
	}
}
