package edge

import (
	"net/http"

	"github.com/truora/minidyn/server"
)

// DynamoDB refuses an attribute value that holds no type ({}, {"S": null}) or more than one
// ({"S": "a", "N": "1"}); minidyn would store the first as a value with no type, which no later
// Query, Scan or snapshot can read. The SDK never builds such a value, but raw JSON can.
const (
	msgEmptyValue    = "Supplied AttributeValue is empty, must contain exactly one of the supported datatypes"
	msgManyDatatypes = "Supplied AttributeValue has more than one datatypes set, must contain exactly one of the supported datatypes"
)

// checkValues refuses, as DynamoDB does, any attribute value of the items given (and the lists
// and maps inside them) that does not hold exactly one type.
func checkValues(items ...item) error {
	for _, it := range items {
		for _, v := range it {
			if err := checkValue(v); err != nil {
				return err
			}
		}
	}
	return nil
}

func checkValue(v *server.AttributeValue) error {
	n := 0
	if v != nil {
		for _, set := range []bool{v.S != nil, v.N != nil, v.B != nil, v.BOOL != nil, v.NULL != nil,
			v.SS != nil, v.NS != nil, v.BS != nil, v.L != nil, v.M != nil} {
			if set {
				n++
			}
		}
	}
	switch {
	case n == 0:
		return &awsError{http.StatusBadRequest, "ValidationException", msgEmptyValue}
	case n > 1:
		return &awsError{http.StatusBadRequest, "ValidationException", msgManyDatatypes}
	}
	for _, e := range v.L {
		if err := checkValue(e); err != nil {
			return err
		}
	}
	return checkValues(v.M)
}
