package user

import (
	"errors"
	"log/slog"
	"net/http"

	"zuum/shared/failure"
	"zuum/shared/httpapi"
	"zuum/shared/profile"
)

// maxEditBody bounds a profile edit: two pictures under 5 MB each and the text fields. In AWS the
// Lambda payload limit (6 MB) is lower still; the web client shrinks pictures before sending.
const maxEditBody = 2*MaxPictureBytes + 64<<10

// lockedFields may not change once an account exists (spec part 2 §6).
var lockedFields = []string{"username", "email", "identity"}

func (h *Handler) updateProfile(w http.ResponseWriter, r *http.Request) {
	p, _ := httpapi.PrincipalFrom(r.Context())
	r.Body = http.MaxBytesReader(w, r.Body, maxEditBody)
	if err := parseForm(r); err != nil {
		httpapi.Error(w, r, err)
		return
	}
	for _, f := range lockedFields {
		if r.FormValue(f) != "" {
			httpapi.Error(w, r, failure.New(failure.Invalid, "Username, email and identity cannot be changed."))
			return
		}
	}
	changes, err := profile.NewChanges(profile.EditInput{
		FirstName: r.FormValue("firstname"), MiddleName: r.FormValue("middlename"), LastName: r.FormValue("lastname"),
		Phone: r.FormValue("phonenumber"), Bio: r.FormValue("bio"),
	})
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	image, err := readPicture(r, "image", "Image must be less than 5MB")
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	cover, err := readPicture(r, "cover_image", "Cover photo must be less than 5MB")
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	before := p.Account
	var stored []string
	for _, pic := range []struct {
		in  *picture
		dst **string
	}{{image, &changes.Image}, {cover, &changes.CoverImage}} {
		if pic.in == nil {
			continue
		}
		key, err := h.pictures.Put(r.Context(), p.UserID, *pic.in)
		if err != nil {
			h.pictures.DeleteAll(r.Context(), stored)
			httpapi.Error(w, r, err)
			return
		}
		stored = append(stored, key)
		*pic.dst = &key
	}
	after, err := h.profiles.Update(r.Context(), p.UserID, changes)
	if err != nil {
		h.pictures.DeleteAll(r.Context(), stored) // the profile still points at the old pictures
		httpapi.Error(w, r, err)
		return
	}
	var replaced []string
	if changes.Image != nil && before.Image != "" {
		replaced = append(replaced, before.Image)
	}
	if changes.CoverImage != nil && before.CoverImage != "" {
		replaced = append(replaced, before.CoverImage)
	}
	h.pictures.DeleteAll(r.Context(), replaced)
	if _, err := h.profiles.WithFollows(r.Context(), &after.Profile, ""); err != nil {
		httpapi.Error(w, r, err)
		return
	}
	httpapi.JSON(w, http.StatusOK, after.View(h.media.URL, true))
}

// parseForm reads a multipart (or URL-encoded) form, keeping files in memory: the body is
// already bounded, and Lambda has no disk worth spilling to.
func parseForm(r *http.Request) error {
	err := r.ParseMultipartForm(maxEditBody)
	if errors.Is(err, http.ErrNotMultipart) {
		err = r.ParseForm()
	}
	var tooBig *http.MaxBytesError
	switch {
	case errors.As(err, &tooBig):
		return failure.New(failure.TooLarge, "Request body is too large.")
	case err != nil:
		slog.InfoContext(r.Context(), "bad profile form", "err", err)
		return failure.New(failure.Invalid, "Validation errors occurred")
	}
	return nil
}
