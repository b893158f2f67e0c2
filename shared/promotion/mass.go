package promotion

import (
	"context"
	"strings"

	"zuum/shared/failure"
	"zuum/shared/ledger"
	"zuum/shared/media"
	"zuum/shared/text"
)

// Refusals of a mass promotion.
var (
	ErrCategory            = failure.New(failure.Invalid, "Invalid category")
	ErrUnsupportedCategory = failure.New(failure.Invalid, "Unsupported category")
	ErrPackageNotFound     = failure.New(failure.NotFound, "Package not found")
)

// FieldsMessage is the message of a mass promotion refused for its fields.
const FieldsMessage = "Validation error or missing files"

// MaxField bounds a text field of a mass promotion's form, in characters.
const MaxField = 5000

// MassRequest is POST /api/promotions/mass's body: the category, the package and the category's
// fields (files by upload key).
type MassRequest struct {
	Category, PackageID string
	Fields              map[string]string
}

// Mass asks for a mass promotion through a package and pays it: owner's wallet → ledger.Held in
// one movement with the promotion. A category that is missing is ErrCategory; one Zuum does not
// offer is ErrUnsupportedCategory; each missing or wrong field has its own field error.
// once is the request's idempotency item, as for Promote.
func (s *Store) Mass(ctx context.Context, owner Owner, req MassRequest, once ledger.Once) (Promotion, error) {
	category := strings.ToLower(strings.TrimSpace(req.Category))
	if category == Print {
		category = "national"
	}
	switch {
	case category == "":
		return Promotion{}, ErrCategory
	case forms[category] == nil:
		return Promotion{}, ErrUnsupportedCategory
	}
	var errs []failure.FieldError
	if strings.TrimSpace(req.PackageID) == "" {
		errs = append(errs, failure.FieldError{Field: "package_id", Msg: "Package is required"})
	}
	kept := map[string]string{}
	for _, f := range forms[category] {
		v := strings.TrimSpace(req.Fields[f.name])
		switch {
		case v == "" && f.optional:
			continue
		case v == "":
			errs = append(errs, failure.FieldError{Field: f.name, Msg: f.label + " is required"})
			continue
		case f.file != "":
			ok, err := s.ownUpload(ctx, owner.ID, v, f.file)
			if err != nil {
				return Promotion{}, err
			}
			if !ok {
				errs = append(errs, failure.FieldError{Field: f.name, Msg: f.label + " must be a checked " + string(f.file) + " upload of yours"})
				continue
			}
		case f.link && !text.WebURL(v):
			errs = append(errs, failure.FieldError{Field: f.name, Msg: MsgURL})
			continue
		default:
			v = text.Clean(v, true)
			if text.Len(v) > MaxField {
				errs = append(errs, failure.FieldError{Field: f.name, Msg: f.label + " is too long"})
				continue
			}
		}
		kept[f.name] = v
	}
	if len(errs) > 0 {
		return Promotion{}, failure.Fields(FieldsMessage, errs...)
	}
	pkg, ok := PackageOf(strings.TrimSpace(req.PackageID))
	if !ok || pkg.Category != category {
		return Promotion{}, ErrPackageNotFound
	}
	title := kept["title"]
	if title == "" {
		title = kept["artist_name"]
	}
	pr := Promotion{
		OwnerID: owner.ID, OwnerUsername: owner.Username, Category: category, PackageID: pkg.ID, PackageName: pkg.Name,
		Title: title, Fields: kept, Price: pkg.Total, Days: pkg.Days, Status: Pending, CreatedAt: s.now().UTC(),
	}
	return s.pay(ctx, pr, "Promotion: "+pkg.Name, once)
}

// ownUpload reports whether key is one of owner's uploads of kind that the media function
// accepted.
func (s *Store) ownUpload(ctx context.Context, owner, key string, kind media.Kind) (bool, error) {
	if !strings.HasPrefix(key, media.UserPrefix(owner, kind)) || s.files == nil {
		return false, nil
	}
	m, found, err := s.files.Get(ctx, key)
	if err != nil {
		return false, failure.Wrap(err, "check upload")
	}
	return found && m.OK(), nil
}
