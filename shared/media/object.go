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

// object reads an S3 object as an io.ReaderAt by ranged GETs. It keeps the first SniffLen
// bytes, so sniffing costs one request unless a long ID3 tag sends it further.
type object struct {
	ctx   context.Context
	store *Store
	key   string
	size  int64
	head  []byte
}

// open reads the head and learns the size; ErrNoObject when there is no object.
func (o *object) open() error {
	out, err := o.get(0, SniffLen)
	if isInvalidRange(err) {
		return nil // an empty object has no byte 0
	}
	if err != nil {
		return err
	}
	defer out.Body.Close()
	if o.head, err = io.ReadAll(io.LimitReader(out.Body, SniffLen)); err != nil {
		return fmt.Errorf("read %s: %w", o.key, err)
	}
	o.size = int64(len(o.head))
	if out.ContentRange != nil {
		var first, last, total int64
		if _, err := fmt.Sscanf(*out.ContentRange, "bytes %d-%d/%d", &first, &last, &total); err == nil {
			o.size = total
		}
	}
	return nil
}

// ReadAt reads from the kept head, or from S3.
func (o *object) ReadAt(p []byte, off int64) (int, error) {
	if off < 0 || off >= o.size {
		return 0, io.EOF
	}
	want := min(int64(len(p)), o.size-off)
	var n int
	if off+want <= int64(len(o.head)) {
		n = copy(p, o.head[off:off+want])
	} else {
		out, err := o.get(off, want)
		if err != nil {
			return 0, err
		}
		defer out.Body.Close()
		if n, err = io.ReadFull(out.Body, p[:want]); err != nil {
			return n, fmt.Errorf("read %s: %w", o.key, err)
		}
	}
	if n < len(p) {
		return n, io.EOF
	}
	return n, nil
}

// get requests n bytes at off.
func (o *object) get(off, n int64) (*s3.GetObjectOutput, error) {
	out, err := o.store.s3.GetObject(o.ctx, &s3.GetObjectInput{
		Bucket: &o.store.bucket, Key: &o.key, Range: aws.String(fmt.Sprintf("bytes=%d-%d", off, off+n-1)),
	})
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
	return errors.As(err, &nsk)
}

func isInvalidRange(err error) bool {
	var api smithy.APIError
	return errors.As(err, &api) && api.ErrorCode() == "InvalidRange"
}
