package edge

import (
	"encoding"
	"encoding/json"
	"errors"
	"net/http"
	"reflect"
	"strings"

	ddbtypes "github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/truora/minidyn/server"
)

// minidyn's AttributeValue tags every member omitempty, so an empty list, map or binary value
// leaves its server encoded as {} — which the SDK then decodes as some other value. The edge
// encodes minidyn's answers itself: toWire mirrors encoding/json but writes attribute values
// with attrValue, which keeps empty members.

var attributeValueType = reflect.TypeFor[*server.AttributeValue]()

// attrValue writes one DynamoDB JSON attribute value, whatever it holds.
type attrValue struct{ v *server.AttributeValue }

func (a attrValue) MarshalJSON() ([]byte, error) {
	v := a.v
	var member string
	var value any
	switch {
	case v.S != nil:
		member, value = "S", *v.S
	case v.N != nil:
		member, value = "N", *v.N
	case v.B != nil:
		member, value = "B", v.B
	case v.BOOL != nil:
		member, value = "BOOL", *v.BOOL
	case v.NULL != nil:
		member, value = "NULL", *v.NULL
	case v.SS != nil:
		member, value = "SS", v.SS
	case v.NS != nil:
		member, value = "NS", v.NS
	case v.BS != nil:
		member, value = "BS", v.BS
	case v.L != nil:
		list := make([]attrValue, len(v.L))
		for i, e := range v.L {
			list[i] = attrValue{e}
		}
		member, value = "L", list
	case v.M != nil:
		m := make(map[string]attrValue, len(v.M))
		for k, e := range v.M {
			m[k] = attrValue{e}
		}
		member, value = "M", m
	default:
		return nil, errors.New("edge: attribute value with no type")
	}
	return json.Marshal(map[string]any{member: value})
}

// toWire turns an output of minidyn's client into a value encoding/json writes as DynamoDB
// does: like encoding/json (tags, omitempty, Marshalers) except for attribute values.
func toWire(v reflect.Value) any {
	if !v.IsValid() {
		return nil
	}
	if v.Type() == attributeValueType {
		if v.IsNil() {
			return nil
		}
		return attrValue{v.Interface().(*server.AttributeValue)}
	}
	if v.Type().Implements(reflect.TypeFor[json.Marshaler]()) || v.Type().Implements(reflect.TypeFor[encoding.TextMarshaler]()) {
		return v.Interface()
	}
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if v.IsNil() {
			return nil
		}
		return toWire(v.Elem())
	case reflect.Struct:
		return structToWire(v)
	case reflect.Map:
		if v.IsNil() {
			return nil
		}
		out := make(map[string]any, v.Len())
		for it := v.MapRange(); it.Next(); {
			out[it.Key().String()] = toWire(it.Value())
		}
		return out
	case reflect.Slice:
		if v.IsNil() {
			return nil
		}
		if v.Type().Elem().Kind() == reflect.Uint8 {
			return v.Interface()
		}
		out := make([]any, v.Len())
		for i := range out {
			out[i] = toWire(v.Index(i))
		}
		return out
	default:
		return v.Interface()
	}
}

func structToWire(v reflect.Value) map[string]any {
	out := map[string]any{}
	t := v.Type()
	for i := range t.NumField() {
		f := t.Field(i)
		if !f.IsExported() {
			continue
		}
		name, opts, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "-" {
			continue
		}
		if name == "" {
			name = f.Name
		}
		fv := v.Field(i)
		if strings.Contains(opts, "omitempty") && (fv.IsZero() || isEmptyCollection(fv)) {
			continue
		}
		out[name] = toWire(fv)
	}
	return out
}

func isEmptyCollection(v reflect.Value) bool {
	switch v.Kind() {
	case reflect.Map, reflect.Slice, reflect.String:
		return v.Len() == 0
	}
	return false
}

// ddbValueToWire converts an SDK attribute value (minidyn's errors carry those) to DynamoDB JSON.
func ddbValueToWire(av ddbtypes.AttributeValue) any {
	switch v := av.(type) {
	case *ddbtypes.AttributeValueMemberS:
		return map[string]any{"S": v.Value}
	case *ddbtypes.AttributeValueMemberN:
		return map[string]any{"N": v.Value}
	case *ddbtypes.AttributeValueMemberB:
		return map[string]any{"B": v.Value}
	case *ddbtypes.AttributeValueMemberBOOL:
		return map[string]any{"BOOL": v.Value}
	case *ddbtypes.AttributeValueMemberNULL:
		return map[string]any{"NULL": v.Value}
	case *ddbtypes.AttributeValueMemberSS:
		return map[string]any{"SS": v.Value}
	case *ddbtypes.AttributeValueMemberNS:
		return map[string]any{"NS": v.Value}
	case *ddbtypes.AttributeValueMemberBS:
		return map[string]any{"BS": v.Value}
	case *ddbtypes.AttributeValueMemberL:
		list := make([]any, len(v.Value))
		for i, e := range v.Value {
			list[i] = ddbValueToWire(e)
		}
		return map[string]any{"L": list}
	case *ddbtypes.AttributeValueMemberM:
		return map[string]any{"M": ddbItemToWire(v.Value)}
	}
	return nil
}

func ddbItemToWire(item map[string]ddbtypes.AttributeValue) map[string]any {
	if item == nil {
		return nil
	}
	out := make(map[string]any, len(item))
	for k, v := range item {
		out[k] = ddbValueToWire(v)
	}
	return out
}

// writeDynamoError answers an error as DynamoDB does, keeping the details the SDK maps into
// typed errors: cancellation reasons and the item of a failed condition.
func writeDynamoError(w http.ResponseWriter, err error) {
	var tc *transactionCanceled
	var cf *conditionFailed
	var ccf *ddbtypes.ConditionalCheckFailedException
	var own *awsError
	var api interface {
		ErrorCode() string
		ErrorMessage() string
	}
	switch {
	case errors.As(err, &own):
		writeJSONError(w, contentJSON10, own)
	case errors.As(err, &tc):
		reasons := make([]map[string]any, len(tc.reasons))
		for i, r := range tc.reasons {
			reasons[i] = map[string]any{"Code": r.Code}
			if r.Message != "" {
				reasons[i]["Message"] = r.Message
			}
			if r.Item != nil {
				reasons[i]["Item"] = toWire(reflect.ValueOf(r.Item))
			}
		}
		writeJSON(w, http.StatusBadRequest, contentJSON10, map[string]any{
			"__type": "TransactionCanceledException", "message": tc.Error(), "CancellationReasons": reasons})
	case errors.As(err, &cf):
		body := map[string]any{"__type": "ConditionalCheckFailedException", "message": cf.message}
		if cf.item != nil {
			body["Item"] = toWire(reflect.ValueOf(cf.item))
		}
		writeJSON(w, http.StatusBadRequest, contentJSON10, body)
	case errors.As(err, &ccf):
		body := map[string]any{"__type": "ConditionalCheckFailedException", "message": deref(ccf.Message)}
		if len(ccf.Item) > 0 {
			body["Item"] = ddbItemToWire(ccf.Item)
		}
		writeJSON(w, http.StatusBadRequest, contentJSON10, body)
	case errors.As(err, &api):
		status := http.StatusBadRequest
		if api.ErrorCode() == "InternalServerError" {
			status = http.StatusInternalServerError
		}
		writeJSONError(w, contentJSON10, &awsError{status, api.ErrorCode(), api.ErrorMessage()})
	default:
		// What minidyn's own server answers for errors it has no code for.
		writeJSONError(w, contentJSON10, &awsError{http.StatusBadRequest, "InternalFailure", err.Error()})
	}
}
