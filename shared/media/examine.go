package media

import (
	"context"
	"fmt"
	"image"
	"time"
)

// Examine judges the upload at key with ExamineFile: the key must be
// uploads/<userId>/<kind>/<name>, and the object what ExamineFile accepts for that kind. The
// Meta it returns says ok (with the sniffed type, size and duration) or rejected (with the
// reason); it deletes nothing. It returns ErrNoObject when there is no object, and AWS errors as
// they are.
//
// It reads the object by ranged GETs, only as far as the check needs (see object).
func (s *Store) Examine(ctx context.Context, key string) (Meta, error) {
	_, kind, ok := ParseKey(key)
	if !ok {
		m := Meta{Key: key, CheckedAt: time.Now().UTC()}
		return m.reject("the key is not uploads/<user>/<kind>/<name> with kind audio, video or image"), nil
	}
	m, _, err := s.examineKey(ctx, key, kind)
	return m, err
}

// examineKey opens the object at key and judges it as kind.
func (s *Store) examineKey(ctx context.Context, key string, kind Kind) (Meta, image.Image, error) {
	obj := &object{ctx: ctx, store: s, key: key}
	if err := obj.open(); err != nil {
		return Meta{}, nil, err
	}
	m, img := examine(obj, obj.size, kind, obj.contentType)
	m.Key = key
	if err := obj.err; err != nil {
		// A read failed halfway: the verdict is about bytes that were not all seen.
		return Meta{}, nil, fmt.Errorf("examine %s: %w", key, err)
	}
	return m, img, nil
}
