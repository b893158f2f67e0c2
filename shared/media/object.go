package media

import (
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	s3types "github.com/aws/aws-sdk-go-v2/service/s3/types"
	"github.com/aws/smithy-go"
)

// Reads of an object: the first request fetches headLen bytes (every header a check needs, for
// most files); a read beyond what is kept fetches blockLen bytes from there, so a parser that
// walks the whole file (counting AAC frames) costs one request a megabyte, and one that jumps
// between chunk headers one request a jump. At most keptBlocks reads are kept.
const (
	headLen    = 64 << 10
	blockLen   = 1 << 20
	keptBlocks = 4
)

// object reads an S3 object as an io.ReaderAt by ranged GETs. Every read after the first asks
// for the same version (If-Match its ETag), so a file replaced in the middle of a check fails
// the check's reads instead of mixing two files.
type object struct {
	ctx         context.Context
	store       *Store
	key         string
	size        int64
	etag        string
	contentType string // what the object was stored with
	kept        []segment
	// err is the first read that failed after open: what was parsed after it is not the file.
	err error
}

// segment is bytes of the object read from off.
type segment struct {
	off  int64
	data []byte
}

// open reads the head and learns the size, ETag and stored type; ErrNoObject when there is no
// object.
func (o *object) open() error {
	out, err := o.get(0, headLen)
	if isInvalidRange(err) {
		return nil // an empty object has no byte 0
	}
	if err != nil {
		return err
	}
	defer out.Body.Close()
	head, err := io.ReadAll(io.LimitReader(out.Body, headLen))
	if err != nil {
		return fmt.Errorf("read %s: %w", o.key, err)
	}
	o.size, o.etag, o.contentType = int64(len(head)), aws.ToString(out.ETag), aws.ToString(out.ContentType)
	if out.ContentRange != nil {
		var first, last, total int64
		if _, err := fmt.Sscanf(*out.ContentRange, "bytes %d-%d/%d", &first, &last, &total); err == nil {
			o.size = total
		}
	}
	o.kept = []segment{{0, head}}
	return nil
}

// ReadAt reads from what is kept, or from S3.
func (o *object) ReadAt(p []byte, off int64) (int, error) {
	if off < 0 || off >= o.size {
		return 0, io.EOF
	}
	want := min(int64(len(p)), o.size-off)
	seg, ok := o.find(off, want)
	if !ok {
		var err error
		if seg, err = o.fetch(off, max(want, blockLen)); err != nil {
			if o.err == nil {
				o.err = err
			}
			return 0, err
		}
	}
	n := copy(p[:want], seg.data[off-seg.off:])
	if n < len(p) {
		return n, io.EOF
	}
	return n, nil
}

// find returns a kept segment holding n bytes at off.
func (o *object) find(off, n int64) (segment, bool) {
	for _, s := range o.kept {
		if off >= s.off && off+n <= s.off+int64(len(s.data)) {
			return s, true
		}
	}
	return segment{}, false
}

// fetch reads up to n bytes at off and keeps them, forgetting the oldest read but the head.
func (o *object) fetch(off, n int64) (segment, error) {
	n = min(n, o.size-off)
	out, err := o.get(off, n)
	if err != nil {
		return segment{}, err
	}
	defer out.Body.Close()
	data := make([]byte, n)
	if _, err := io.ReadFull(out.Body, data); err != nil {
		return segment{}, fmt.Errorf("read %s: %w", o.key, err)
	}
	s := segment{off, data}
	if len(o.kept) > keptBlocks {
		o.kept = append(o.kept[:1], o.kept[2:]...)
	}
	o.kept = append(o.kept, s)
	return s, nil
}

// get requests n bytes at off.
func (o *object) get(off, n int64) (*s3.GetObjectOutput, error) {
	in := &s3.GetObjectInput{
		Bucket: &o.store.bucket, Key: &o.key, Range: aws.String(fmt.Sprintf("bytes=%d-%d", off, off+n-1)),
	}
	if o.etag != "" {
		in.IfMatch = aws.String(o.etag)
	}
	out, err := o.store.s3.GetObject(o.ctx, in)
	if isNoSuchKey(err) {
		return nil, ErrNoObject
	}
	if err != nil && !isInvalidRange(err) {
		return nil, fmt.Errorf("read %s: %w", o.key, err)
	}
	return out, err
}

func isNoSuchKey(err error) bool {
	var nsk *s3types.NoSuchKey
	var api smithy.APIError
	return errors.As(err, &nsk) || errors.As(err, &api) && api.ErrorCode() == "NoSuchKey"
}

func isInvalidRange(err error) bool {
	var api smithy.APIError
	return errors.As(err, &api) && api.ErrorCode() == "InvalidRange"
}
